import { describe, expect, test } from "vitest";
import * as lists from "./admin-lists.ts";
import { consoleErrorsOf, setupBrowser, viewports } from "./support/browser.ts";
import { expectAbsent } from "./support/pages.ts";

const { newPage } = setupBrowser();

/** The sessions of a period on the public page, in order, as the server renders them. */
async function publicSessions(period: string): Promise<string[] | null> {
  const document = await lists.serverDocument(`/community/activity/courses?period=${encodeURIComponent(period)}`);
  const options = [...document.querySelectorAll("#course-period option")].map((option) => option.textContent);
  if (!options.includes(period)) return null;
  return [...document.querySelectorAll("section[data-kind=session] h4")].map((heading) => heading.textContent ?? "");
}

/** The period the public page opens on when none is asked for. */
async function publicDefaultPeriod(): Promise<string | undefined> {
  const document = await lists.serverDocument("/community/activity/courses");
  return (document.querySelector("#course-period") as HTMLSelectElement | null)?.value;
}

describe("manage-courses", () => {
  test("a period and its sessions: add, see, edit, reorder by mouse, delete", async () => {
    const period = `2099-${Date.now().toString(36).slice(-4)}학기`;
    const first = lists.uniqueName("세션 가");
    const second = lists.uniqueName("세션 나");
    const page = await lists.openAdminPage(await newPage(), "/admin/manage-courses");

    // A new period is created empty and selected.
    const addPeriod = page.getByRole("form", { name: "새 학기 추가" });
    await addPeriod.getByLabel("새 학기").fill(period);
    await addPeriod.getByRole("button", { name: "학기 추가" }).click();
    await lists.successMessage(page, `'${period}' 학기가 추가되었습니다`);
    await page.waitForURL((url) => url.searchParams.has("period"));
    await page.getByRole("heading", { level: 2, name: period }).waitFor();
    await page.getByText(`${period}에 기록된 세션이 없습니다.`).waitFor();
    await expect(publicSessions(period)).resolves.toEqual([]);
    // While it is empty, the public page still opens on a period with a record.
    const opensOn = await publicDefaultPeriod();
    expect(opensOn).toBeTruthy();
    expect(opensOn).not.toBe(period);

    // The same name in full-width characters is the same period, refused next to the field.
    const lookAlike = period.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    await addPeriod.getByLabel("새 학기").fill(lookAlike);
    await addPeriod.getByRole("button", { name: "학기 추가" }).click();
    await addPeriod.getByText(`'${period}' 학기가 이미 있습니다`).waitFor();
    await addPeriod.getByLabel("새 학기").fill("");

    // A session needs a title; the message stands next to the field.
    const sessions = page.getByRole("region", { name: /^세션/ });
    await sessions.locator("summary").click();
    const addSession = page.getByRole("form", { name: "새 세션" });
    await addSession.getByLabel("리더").fill("홍길동");
    await addSession.getByRole("button", { name: "세션 추가" }).click();
    await addSession.getByText("제목을 입력해 주세요.").waitFor();
    await expect(addSession.getByLabel("리더").inputValue()).resolves.toBe("홍길동");

    for (const title of [first, second]) {
      await addSession.getByLabel("제목").fill(title);
      await addSession.getByLabel("설명").fill(`${title} 설명`);
      await addSession.getByRole("button", { name: "세션 추가" }).click();
      await lists.successMessage(page, `'${title}' 세션이 추가되었습니다`);
    }
    const list = page.getByRole("list", { name: "세션 순서" });
    await expect.poll(() => lists.listOrder(list), lists.eventually).toEqual([first, second]);
    await expect(publicSessions(period)).resolves.toEqual([first, second]);

    // Edit in place.
    const edited = `${first} (개정)`;
    const row = page.getByRole("article", { name: first, exact: true });
    await row.getByRole("button", { name: `'${first}' 세션 수정` }).click();
    const editor = row.getByRole("form", { name: `'${first}' 세션 수정` });
    await editor.getByLabel("제목").fill(edited);
    await editor.getByRole("button", { name: "저장" }).click();
    await lists.successMessage(page, `'${edited}' 세션이 수정되었습니다`);
    await expect.poll(() => lists.listOrder(list), lists.eventually).toEqual([edited, second]);
    await expect(publicSessions(period)).resolves.toEqual([edited, second]);

    // Reorder with the mouse (the keyboard's moves are checked with the periods below).
    await lists.dragOnto(page, list, second, edited);
    await expect.poll(() => lists.listOrder(list), lists.eventually).toEqual([second, edited]);
    await lists.successMessage(page, `${period} 세션 순서가 변경되었습니다`);
    await expect(publicSessions(period)).resolves.toEqual([second, edited]);

    // Delete one session, then the period with the rest, each after a confirmation.
    await lists.confirmDelete(
      page,
      page.getByRole("article", { name: second, exact: true }),
      `'${second}' 세션을 삭제할까요?`,
    );
    await lists.successMessage(page, `'${second}' 세션이 삭제되었습니다`);
    await expect.poll(() => lists.listOrder(list), lists.eventually).toEqual([edited]);
    await expect(publicSessions(period)).resolves.toEqual([edited]);

    // The chosen period's row in the list carries its rename and delete.
    await lists.confirmDelete(
      page,
      page.getByRole("list", { name: "학기 순서" }).getByRole("article", { name: period }),
      `'${period}' 학기를 삭제할까요?`,
    );
    const deleted = page
      .getByRole("status")
      .filter({ hasText: `'${period}' 학기가 삭제되었습니다` })
      .first();
    await expectAbsent(page.getByRole("list", { name: "학기 순서" }).getByText(period), { once: deleted });
    await expect(publicSessions(period)).resolves.toBeNull();

    // The dashboard's recent changes name the deletion.
    const dashboard = await lists.serverDocument("/admin", { signedIn: true });
    expect(dashboard.body.textContent).toContain(`'${period}' 학기가 삭제되었습니다`);
    // The refusals above (a name taken, a session without a title) are the only failed requests.
    expect(consoleErrorsOf(page).filter((text) => !text.includes("status of 400"))).toEqual([]);
  });

  test("on a phone, periods are reordered by keyboard and the order stays after a reload", async () => {
    const page = await lists.openAdminPage(await newPage({ viewport: viewports.phone }), "/admin/manage-courses");
    const periods = page.getByRole("list", { name: "학기 순서" });
    const before = await lists.listOrder(periods);
    expect(before.length).toBeGreaterThan(1);
    const [oldest, next] = before as [string, string];
    const moved = [next, oldest, ...before.slice(2)];
    await lists.moveWithKeyboard(page, periods, oldest, 1);
    await expect.poll(() => lists.listOrder(periods), lists.eventually).toEqual(moved);
    await lists.successMessage(page, "학기 순서가 변경되었습니다");
    // The page loaded again (as the server renders it) shows the saved order.
    const reloaded = () => lists.serverDocument("/admin/manage-courses", { signedIn: true });
    expect(lists.serverListOrder(await reloaded(), "학기 순서")).toEqual(moved);

    // Put the demo club's order back for the other tests: saved (not only shown) before the test ends.
    await lists.moveWithKeyboard(page, periods, next, 1);
    await lists.successMessage(page, "학기 순서가 변경되었습니다");
    // (The first move's message is still shown: wait for the order the page loads again.)
    await expect
      .poll(async () => lists.serverListOrder(await reloaded(), "학기 순서"), lists.eventually)
      .toEqual(before);
  });
});
