import { describe, expect, test } from "vitest";
import { linkNamed, serverDocument, tableRows } from "./admin-lists.ts";
import { account, landingPath, newClient, openAdminPage, signedInClient, signInByPost } from "./support/admin.ts";
import { consoleErrorsOf, setupBrowser, viewports, waitForHydration } from "./support/browser.ts";
import { expectAbsent } from "./support/pages.ts";

const { newPage } = setupBrowser();

const iPhone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/**
 * Client addresses of this file alone (the test server believes X-Forwarded-For from loopback):
 * the sign-in limiter counts failures per address, and each row is found by its address.
 */
const phoneAddress = "192.0.2.71";
const guesserAddress = "192.0.2.72";

/** The text a server-rendered element shows, its white space folded. */
const textOf = (element: Element | null | undefined) => (element?.textContent ?? "").replace(/\s+/g, " ");

describe("the sessions on the account page", () => {
  test("each names its browser and address, and one other session ends with its own button", async () => {
    // The phone signs in first (by a plain post: the form is admin-sign-in's subject), so the
    // account page lists it from its first load.
    const phone = await signedInClient(account(), { userAgent: iPhone, address: phoneAddress });
    const page = await openAdminPage(await newPage({ viewport: viewports.phone }), "/admin/manage-password");
    const table = page.getByRole("table", { name: "로그인된 곳" });
    const phoneRow = table.getByRole("row").filter({ hasText: phoneAddress });
    await expect(phoneRow.getByRole("cell").first().textContent()).resolves.toBe("Safari · iPhone (iOS 18)");
    await expect(phoneRow.textContent()).resolves.toContain("브라우저를 닫으면 종료");
    // This browser is marked, and has no button of its own: signing out ends it.
    const currentRow = table.getByRole("row").filter({ hasText: "지금 이 브라우저" });
    await expect(currentRow.getByRole("cell").first().textContent()).resolves.toMatch(
      /^Chrome \d+ · .+ 지금 이 브라우저$/,
    );
    await expectAbsent(currentRow.getByRole("button"), { once: currentRow });
    // On a phone the table scrolls inside its frame; the page itself does not scroll sideways.
    await expect(
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).resolves.toBe(true);

    // A second tab, left open on the same list.
    const staleTab = await page.context().newPage();
    await staleTab.goto("/admin/manage-password");
    await waitForHydration(staleTab);

    await phoneRow.getByRole("button", { name: "종료" }).click();
    const dialog = page.getByRole("dialog", { name: "Safari · iPhone (iOS 18)의 로그인을 종료할까요?" });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain(`${phoneAddress}에서`);
    await dialog.getByRole("button", { name: "종료" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Safari · iPhone (iOS 18)의 로그인을 종료했습니다. 그곳에서는 다시 로그인해야 합니다." })
      .waitFor();
    // The message comes with the action's answer; the list follows once the page's data is read again.
    await expectAbsent(phoneRow, { once: currentRow });
    await expect(currentRow.count()).resolves.toBe(1);

    await expect(landingPath(phone, "/admin")).resolves.toBe("/admin/login");

    // The tab still showing it cannot end it twice.
    const answers: number[] = [];
    staleTab.on("response", (response) => {
      const request = response.request();
      // The page's account commands go through the one write endpoint.
      if (request.method() === "POST" && request.url().includes("/admin/api/my-account")) {
        answers.push(response.status());
      }
    });
    await staleTab.getByRole("row").filter({ hasText: phoneAddress }).getByRole("button", { name: "종료" }).click();
    await staleTab.getByRole("dialog").getByRole("button", { name: "종료" }).click();
    await staleTab.getByRole("alert").filter({ hasText: "이미 종료되었거나 없는 로그인입니다." }).waitFor();
    expect(answers).toEqual([404]);

    // The dashboard's log, as the server sends it.
    const log = tableRows(await serverDocument("/admin", { signedIn: true }), "관리 기록").map((cells) =>
      cells.join(" "),
    );
    expect(log.join("\n")).toContain(
      `'${account().email}' 관리자가 다른 세션 하나를 종료했습니다 (Safari · iPhone (iOS 18), 접속 주소 ${phoneAddress})`,
    );
    expect(consoleErrorsOf(page)).toEqual([]);
  });
});

describe("the dashboard's refused sign-ins", () => {
  test("a wrong password shows there with the address tried and where from; the link opens the log's failures", async () => {
    // The refusal's words on the sign-in page are admin-sign-in's; here the form goes as a plain post.
    const refused = await signInByPost(await newClient({ address: guesserAddress }), {
      email: "e2e-guess@club.test",
      password: "not-a-password",
    });
    expect(refused.status()).toBe(401);
    expect(await refused.text()).toContain("올바르지 않습니다");

    // The dashboard and the page its link opens, as the server sends them to the run's manager.
    const dashboard = await serverDocument("/admin", { signedIn: true });
    const refusedRows = tableRows(dashboard, "최근 거부된 로그인");
    const row = refusedRows.find((cells) => cells.includes("e2e-guess@club.test"));
    expect(row?.slice(1)).toEqual(["e2e-guess@club.test", "이메일 또는 비밀번호가 올바르지 않습니다", guesserAddress]);
    // The newest is on top.
    expect(refusedRows[0]).toContain("e2e-guess@club.test");

    const link = linkNamed(dashboard, "관리 기록에서 계정의 실패 기록 모두 보기");
    const target = new URL(link?.getAttribute("href") ?? "", "http://club.test");
    expect(target.pathname).toBe("/admin");
    expect(target.searchParams.get("type")).toBe("failure");
    expect(target.searchParams.get("category")).toBe("account");
    const failures = await serverDocument(`${target.pathname}${target.search}`, { signedIn: true });
    expect(textOf(failures.querySelector("#log"))).toContain(
      `'e2e-guess@club.test' 계정으로 로그인하지 못했습니다 (접속 주소 ${guesserAddress})`,
    );
  });
});
