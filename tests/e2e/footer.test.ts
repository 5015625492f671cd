import { afterAll, beforeAll, expect, test } from "vitest";
import type { VersionedDocument } from "#server/db/documents.ts";
import { getLeaders, type Leaders, saveLeaders } from "#server/domain/leaders/leaders.ts";
import { setupBrowser, viewports } from "./support/browser.ts";
import { openServerDatabase } from "./support/server-database.ts";

const { newPage } = setupBrowser();
const data = openServerDatabase();
let original: VersionedDocument<Leaders>;

beforeAll(async () => {
  original = await getLeaders(data.db());
});

afterAll(async () => {
  const current = await getLeaders(data.db());
  await saveLeaders(data.db(), original.value, current.version);
  await data.contentChanged();
});

/** The footer's leader lines as [role, name, phone, tel link]. */
async function footerLeaders(path: string) {
  const page = await newPage({ viewport: viewports.phone, javaScriptEnabled: false });
  await page.goto(path);
  const section = page
    .locator("footer div")
    .filter({ has: page.getByRole("heading", { name: "운영진" }) })
    .last();
  return section.locator("li").evaluateAll((items) =>
    items.map((item) => {
      const parts = [...item.querySelectorAll("span")].map((span) => span.textContent);
      const link = item.querySelector("a");
      return [...parts, link?.textContent, link?.getAttribute("href")];
    }),
  );
}

test("the footer shows the president and vice-presidents with their phone numbers", async () => {
  const leaders = original.value.leaders;
  expect(leaders.length).toBeGreaterThanOrEqual(2);
  await expect(footerLeaders("/about")).resolves.toEqual(
    leaders.map((leader, index) => [
      index === 0 ? "회장" : "부회장",
      leader.name,
      leader.phoneNumber,
      `tel:${leader.phoneNumber.replaceAll("-", "")}`,
    ]),
  );
});

test("the footer follows the leaders record; the third leader is optional", async () => {
  const changed: Leaders = {
    leaders: [
      { name: "최유나", phoneNumber: "010-1111-2222" },
      { name: "장현우", phoneNumber: "02-333-4444" },
    ],
  };
  const current = await getLeaders(data.db());
  await saveLeaders(data.db(), changed, current.version);
  await data.contentChanged();
  await expect(footerLeaders("/join")).resolves.toEqual([
    ["회장", "최유나", "010-1111-2222", "tel:01011112222"],
    ["부회장", "장현우", "02-333-4444", "tel:023334444"],
  ]);
});
