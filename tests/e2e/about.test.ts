import { readFileSync } from "node:fs";
import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";
import { parseColorTokens } from "#app/lib/brand-palette.ts";
import { getHomeContent, type HomeContent } from "#server/domain/home/home.ts";
import { getLeaders, type Leaders } from "#server/domain/leaders/leaders.ts";
import { listOrganization, type OrganizationGroup } from "#server/domain/organization/organization.ts";
import { getSiteSettings, type SiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { seoulYearMonth } from "#shared/dates.ts";
import { baseURL, consoleErrorsOf, setupBrowser, viewports, waitForHydration } from "./support/browser.ts";
import { scrollThrough, serverRenderedMain } from "./support/pages.ts";
import { openServerDatabase } from "./support/server-database.ts";

const { newPage } = setupBrowser();
const data = openServerDatabase();
let settings: SiteSettings;
let home: HomeContent;
let groups: OrganizationGroup[];
let leaders: Leaders["leaders"];

beforeAll(async () => {
  settings = (await getSiteSettings(data.db())).value;
  home = (await getHomeContent(data.db())).value;
  groups = await listOrganization(data.db(), data.storage());
  leaders = (await getLeaders(data.db())).value.leaders;
});

const serverRendered = (path: string) => serverRenderedMain(newPage, path);

describe("every About page", () => {
  for (const path of ["/about", "/about/organization", "/about/ci", "/about/contact"]) {
    test(`${path} works in the browser at 390 px without console errors`, async () => {
      const page = await newPage({ viewport: viewports.phone });
      await page.goto(path);
      await waitForHydration(page);
      await scrollThrough(page);
      const headings = await page
        .locator("main")
        .locator("h1, h2, h3")
        .evaluateAll((list) => list.map((heading) => Number(heading.tagName.slice(1))));
      expect(headings[0]).toBe(1);
      // Headings never skip a level on the way down.
      for (const [index, level] of headings.entries()) {
        if (index > 0) expect(level).toBeLessThanOrEqual((headings[index - 1] ?? 1) + 1);
      }
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      expect(consoleErrorsOf(page)).toEqual([]);
    });
  }
});

describe("/about", () => {
  test("introduces the club from its settings and home content", async () => {
    const main = await serverRendered("/about");
    await expect(main.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("동아리 소개");
    const text = await main.innerText();
    expect(text).toContain(settings.description);
    expect(text).toContain(settings.subtitle);
    expect(text).toContain(home.intro);
    expect(text).toContain(String(settings.foundedYear));
    expect(text).toContain(`창립 ${seoulYearMonth(new Date()).year - (settings.foundedYear ?? 0)}주년`);
    for (const slogan of home.slogans) expect(text).toContain(slogan.description);
    for (const event of home.events) expect(text).toContain(event.title);
  });
});

describe("/about/organization", () => {
  test("shows the groups in order, each with its members in order", async () => {
    const main = await serverRendered("/about/organization");
    expect(groups.length).toBeGreaterThan(0);
    await expect(main.getByRole("heading", { level: 2 }).allInnerTexts()).resolves.toEqual(
      groups.map((group) => group.title),
    );
    for (const group of groups) {
      const section = main.locator(`#group-${group.id}`);
      await expect(
        section
          .locator("li")
          .evaluateAll((items) => items.map((item) => [...item.querySelectorAll("p")].map((p) => p.textContent))),
      ).resolves.toEqual(
        // A member without a role shows the name alone.
        group.members.map((member) => [member.name, member.role].filter(Boolean)),
      );
      if (group.description) {
        await expect(section.getByText(group.description).count()).resolves.toBe(1);
      }
      const photos = await section
        .locator("img")
        .evaluateAll((images) => images.map((image) => image.getAttribute("src")));
      expect(photos).toEqual(group.members.flatMap((member) => (member.photo ? [member.photo.url] : [])));
    }
  });

  test("member photos load in the browser", async () => {
    const page = await newPage({ viewport: viewports.desktop });
    await page.goto("/about/organization");
    const photos = page.locator("main img");
    await scrollThrough(page);
    const sizes = await photos.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth));
    expect(sizes.length).toBe(groups.flatMap((group) => group.members).filter((m) => m.photo).length);
    expect(sizes.every((width) => width > 0)).toBe(true);
  });
});

describe("/about/ci", () => {
  test("shows the mark, the palette with values and contrast, and the typefaces", async () => {
    const main = await serverRendered("/about/ci");
    await expect(main.getByRole("img", { name: `${settings.clubName} 마크` }).count()).resolves.toBe(1);
    const text = await main.innerText();
    const tokens = parseColorTokens(readFileSync(new URL("../../app/styles/tokens.css", import.meta.url), "utf8"));
    for (const name of ["brand", "accent", "text", "bg"]) {
      const color = tokens.get(name);
      expect(text).toContain(color?.light);
      expect(text).toContain(color?.dark);
      expect(text).toContain(`--color-${name}`);
    }
    expect(text).toMatch(/\d+\.\d{2} : 1/);
    // The typefaces are the visitor's own: the Korean faces the stylesheet names, and a mono stack.
    for (const face of ["Apple SD Gothic Neo", "Malgun Gothic", "Noto Sans KR", "Consolas"]) {
      expect(text).toContain(face);
    }
  });

  test("the logo files download: an SVG drawing and a 1024 px PNG", async () => {
    const page = await newPage();
    await page.goto("/about/ci");
    const svgLink = page.getByRole("link", { name: /SVG 내려받기/ });
    const pngLink = page.getByRole("link", { name: /PNG 내려받기/ });
    await expect(svgLink.getAttribute("download")).resolves.toBe(`${settings.clubName}-logo-mark.svg`);

    const svg = await fetch(`${baseURL()}${await svgLink.getAttribute("href")}`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toContain("image/svg+xml");
    expect(svg.headers.get("cache-control")).toContain("max-age=");
    const svgText = await svg.text();
    expect(svgText).toContain("<path");
    expect(svgText).not.toContain("<text");

    const png = await fetch(`${baseURL()}${await pngLink.getAttribute("href")}`);
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    const metadata = await sharp(Buffer.from(await png.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: "png", width: 1024, height: 1024 });

    const [download] = await Promise.all([page.waitForEvent("download"), pngLink.click()]);
    expect(download.suggestedFilename()).toBe(`${settings.clubName}-logo-mark.png`);
  });
});

describe("/about/contact", () => {
  test("gives the address, email, leaders, social links and partner sites from settings", async () => {
    const main = await serverRendered("/about/contact");
    const text = await main.innerText();
    expect(text).toContain(settings.address);
    await expect(main.locator(`a[href="mailto:${settings.email}"]`).count()).resolves.toBe(1);
    for (const url of Object.values(settings.social).filter(Boolean)) {
      const link = main.locator(`a[href="${url}"]`);
      await expect(link.count()).resolves.toBe(1);
      await expect(link.getAttribute("rel")).resolves.toBe("noopener noreferrer");
    }
    for (const partner of Object.values(settings.partners)) {
      await expect(main.locator(`a[href="${partner.url}"]`).innerText()).resolves.toContain(partner.label);
    }
    for (const leader of leaders) {
      expect(text).toContain(leader.name);
      await expect(main.locator(`a[href="tel:${leader.phoneNumber.replaceAll("-", "")}"]`).count()).resolves.toBe(1);
    }
  });
});
