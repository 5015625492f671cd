import type { APIRequestContext, Cookie, Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { getLeaders } from "#server/domain/leaders/leaders.ts";
import { getSiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { addDays, formatLongDate, seoulDate, seoulMidnight } from "#shared/dates.ts";
import { eventually, serverDocument, successMessage, tableRows } from "./admin-lists.ts";
import { createAccountWithCli, menuPaths, openAdminPageWith, ownerMenuPaths, signInByPost } from "./support/admin.ts";
import { consoleErrorsOf, setupBrowser, waitForHydration } from "./support/browser.ts";
import { openServerDatabase } from "./support/server-database.ts";

/**
 * The handover page (/admin/handover, decision 0045), as the outgoing owner uses it: what it
 * lists, an access end date set and cleared, and ownership handed on. The owner here is one of
 * its own, not the run's manager, who must stay an owner for the files after this one.
 */
const { newPage } = setupBrowser();
const server = openServerDatabase();
const outgoing = { email: "e2e-outgoing-owner@club.test", password: "outgoing-password" };
const incoming = { email: "e2e-incoming-owner@club.test", password: "incoming-password" };
const leaving = { email: "e2e-leaving-editor@club.test", password: "leaving-password" };
const PATH = "/admin/handover";
let outgoingCookies: Cookie[];
/** The outgoing owner's session, for writes and downloads sent without a page. */
let asOutgoingClient: APIRequestContext;

beforeAll(async () => {
  await createAccountWithCli(outgoing.email, outgoing.password, "owner");
  await createAccountWithCli(incoming.email, incoming.password, "editor");
  await createAccountWithCli(leaving.email, leaving.password, "editor");
  // Signed in once by a plain post: the form is admin-sign-in's subject.
  const session = await newPage();
  expect((await signInByPost(session.request, outgoing)).status()).toBe(303);
  outgoingCookies = await session.context().cookies();
  asOutgoingClient = session.request;
});

const asOutgoing = async (path: string) => openAdminPageWith(await newPage(), outgoingCookies, path);

const accessRow = (page: Page, email: string) =>
  page.getByRole("table", { name: "접근할 수 있는 사람" }).getByRole("row", { name: new RegExp(email) });

describe("the handover page", () => {
  test("lists who has access and when they last signed in, open invitations, the leaders, the contact details and the last backup", async () => {
    // An open invitation, and a backup downloaded by the outgoing owner, to be listed: the
    // invitation made through the write endpoint the managers' page sends its form to (the form
    // itself is admin-managers' subject).
    const note = "e2e 인수인계 초대";
    const invited = await asOutgoingClient.post("/admin/api/accounts", {
      multipart: { intent: "invite", note, role: "owner" },
      headers: { accept: "application/json" },
    });
    expect(invited.status(), await invited.text()).toBe(200);
    expect(((await invited.json()) as { message?: string }).message).toContain(
      `'${note}' 관리자 초대 링크가 만들어졌습니다`,
    );
    const download = await asOutgoingClient.get("/admin/backup/download");
    expect(download.status()).toBe(200);
    await download.body();

    const page = await asOutgoing(PATH);
    await page.getByRole("heading", { level: 1, name: "인수인계" }).waitFor();

    const me = accessRow(page, outgoing.email);
    await expect.poll(() => me.textContent()).toContain("소유자");
    expect(await me.textContent()).toContain("나");
    expect(await me.locator("time").count()).toBe(1);
    const never = accessRow(page, incoming.email);
    expect(await never.textContent()).toContain("편집자");
    expect(await never.textContent()).toContain("기록 없음");

    const invitations = page.getByRole("table", { name: "아직 쓰지 않은 초대" });
    const open = invitations.getByRole("row", { name: new RegExp(note) });
    expect(await open.textContent()).toContain("소유자");
    expect(await open.textContent()).toContain(outgoing.email);

    const { value: leaders } = await getLeaders(server.db());
    const [president, ...vicePresidents] = leaders.leaders;
    const leadersPart = page.getByRole("region", { name: "회장과 부회장" });
    expect(await leadersPart.textContent()).toContain(
      president ? `회장: ${president.name} (${president.phoneNumber})` : "회장: 비어 있음",
    );
    for (const leader of vicePresidents) {
      expect(await leadersPart.textContent()).toContain(`부회장: ${leader.name} (${leader.phoneNumber})`);
    }

    const { value: settings } = await getSiteSettings(server.db());
    const contact = page.getByRole("region", { name: "연락처" });
    for (const line of [
      `동아리 이름: ${settings.clubName || "비어 있음"}`,
      `이메일: ${settings.email || "비어 있음"}`,
      `주소: ${settings.address || "비어 있음"}`,
    ]) {
      expect(await contact.textContent()).toContain(line);
    }

    const backup = page.getByRole("region", { name: "마지막 백업" });
    expect(await backup.textContent()).toMatch(new RegExp(`직접 만든 마지막 백업: [^,]+, ${outgoing.email} — `));

    // The invitation is cancelled from here, a change made in a few steps.
    await open.getByRole("button", { name: "취소" }).click();
    const dialog = page.getByRole("dialog", { name: `'${note}' 초대 링크를 취소할까요?` });
    await dialog.getByRole("button", { name: "초대 취소" }).click();
    await expect.poll(() => open.count(), eventually).toBe(0);
    expect(consoleErrorsOf(page)).toEqual([]);
  });

  test("an access end date set on an account is listed, warned of on the dashboard and cleared again", async () => {
    const page = await asOutgoing(PATH);
    const endsOn = addDays(seoulDate(new Date()), 10);
    const form = page.getByRole("form", { name: `'${leaving.email}' 사용 기간` });
    const day = form.getByLabel(`'${leaving.email}' 사용 기간이 끝나는 날`);
    expect(await day.inputValue()).toBe("");
    // One's own account has no end date to set.
    expect(await page.getByLabel(`'${outgoing.email}' 사용 기간이 끝나는 날`).isDisabled()).toBe(true);

    await day.fill(endsOn);
    await form.getByRole("button", { name: "기간 저장" }).click();
    await successMessage(
      page,
      `'${leaving.email}' 관리자의 사용 기간을 ${formatLongDate(seoulMidnight(endsOn).toISOString())}까지로 정했습니다`,
    );
    // Stored: the page as the server sends it now shows the day. The owners' pages below are read
    // the same way, as the run's manager (an owner too) is sent them.
    const endDayOf = (document: Document) =>
      document.querySelector(`input[aria-label="'${leaving.email}' 사용 기간이 끝나는 날"]`)?.getAttribute("value");
    expect(endDayOf(await serverDocument(PATH, { signedIn: true }))).toBe(endsOn);

    // Listed with the account on the managers' page, and warned of on the dashboard (14 days ahead).
    const managers = await serverDocument("/admin/manage-managers", { signedIn: true });
    const row = tableRows(managers, "관리자 목록").find((cells) => cells.join(" ").includes(leaving.email));
    expect(row?.join(" ")).toMatch(/에 사용 기간이 끝납니다/);
    const warning = "14일 안에 사용 기간이 끝나는 계정이 있습니다";
    const dashboard = await serverDocument("/admin", { signedIn: true });
    expect(dashboard.body.textContent).toContain(warning);
    const listed = [...dashboard.querySelectorAll("li")].find((item) => item.textContent?.includes(leaving.email));
    expect(listed?.textContent).toContain("편집자");

    // Cleared again: no end, no warning.
    await day.fill("");
    await form.getByRole("button", { name: "기간 저장" }).click();
    await successMessage(page, `'${leaving.email}' 관리자의 사용 기간 제한을 없앴습니다`);
    const cleared = await serverDocument("/admin", { signedIn: true });
    expect(cleared.querySelector("h1")?.textContent).toBe("대시보드");
    expect(cleared.body.textContent).not.toContain(warning);
    expect(endDayOf(await serverDocument(PATH, { signedIn: true })) ?? "").toBe("");
    expect(consoleErrorsOf(page)).toEqual([]);
  });

  test("ownership handed to another manager: they become owner, the outgoing owner an editor without owner items", async () => {
    // A tab left open on an owner's page, from before the change.
    const stale = await asOutgoing("/admin/manage-managers");
    const page = await asOutgoing(PATH);
    expect(await menuPaths(page)).toContain(PATH);
    const row = accessRow(page, incoming.email);
    await row.getByRole("button", { name: "소유권 넘기기" }).click();
    const dialog = page.getByRole("dialog", { name: `'${incoming.email}' 관리자에게 소유권을 넘길까요?` });
    await dialog.getByRole("button", { name: "소유권 넘기기" }).click();

    // The outgoing owner, now an editor, goes on at the dashboard, told so, without owner items.
    await page.waitForURL((url) => url.pathname === "/admin");
    await successMessage(page, `'${incoming.email}' 관리자에게 소유권을 넘겼습니다`);
    await expect.poll(() => ownerMenuPaths(page), eventually).toEqual([]);
    expect(await menuPaths(page)).toContain("/admin/manage-posts");
    expect(consoleErrorsOf(page)).toEqual([]);

    // The tab left open still shows the owner's menu; following it is refused, in Korean.
    await stale.locator("aside").getByRole("link", { name: "인수인계" }).click();
    await stale.getByRole("heading", { level: 1, name: "403 Forbidden" }).waitFor();
    await stale.getByText("이 화면은 사이트 소유자만 열 수 있습니다.").waitFor();

    // The new owner, signing in elsewhere, has the owner items, and the roles as the page lists them.
    const next = await newPage();
    expect((await signInByPost(next.request, incoming)).status()).toBe(303);
    await next.goto(PATH);
    await waitForHydration(next);
    expect(await menuPaths(next)).toEqual(expect.arrayContaining(["/admin/manage-managers", "/admin/backup", PATH]));
    await expect.poll(() => accessRow(next, incoming.email).textContent(), eventually).toContain("소유자");
    expect(await accessRow(next, outgoing.email).textContent()).toContain("편집자");
  });
});
