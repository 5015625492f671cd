import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { veventWith } from "../support/icalendar.ts";
import { confirmDelete, eventually, openAdminPage, serverDocument, successMessage, uniqueName } from "./admin-lists.ts";
import { baseURL, consoleErrorsOf, setupBrowser, viewports } from "./support/browser.ts";

const { newPage } = setupBrowser();

/** A month far from the demo club's events, so this test's events stand alone in it. */
const MONTH = "2098-05";

/** The feed's VEVENT whose SUMMARY is the title. */
async function feedEvent(title: string): Promise<Map<string, string> | undefined> {
  const response = await fetch(`${baseURL()}/calendar.ics`);
  expect(response.status).toBe(200);
  return veventWith(await response.text(), `SUMMARY:${title}`);
}

/** The public calendar's month as the server sends it to visitors (a month without events may be a 404 page). */
async function publicMonth(): Promise<string> {
  const document = await serverDocument(`/archive/calendar?month=${MONTH}`, { statuses: [200, 404] });
  return document.querySelector("main")?.textContent ?? "";
}

async function openCalendar(viewport: { width: number; height: number } = viewports.desktop) {
  return openAdminPage(await newPage({ viewport }), `/admin/manage-calendar?month=${MONTH}`);
}

/** An event's row, named by its title. */
const eventRow = (page: Page, title: string) => page.getByRole("article", { name: title, exact: true });

describe("manage-calendar", () => {
  test("an event: add, see on the calendar and in the feed, edit, delete", async () => {
    const title = uniqueName("정기 세션");
    const page = await openAdminPage(await newPage(), "/admin/manage-calendar");

    await page.getByText("새 일정 추가", { exact: true }).click();
    const form = page.getByRole("form", { name: "새 일정 추가" });
    await form.getByLabel("제목").fill(title);
    await form.getByLabel("시작 날짜").fill(`${MONTH}-12`);
    await form.getByLabel("시작 시각").fill("19:00");
    await form.getByLabel("끝 날짜").fill(`${MONTH}-12`);
    await form.getByLabel("끝 시각").fill("21:00");
    await form.getByLabel("장소").fill("학생회관 307호");
    await form.getByLabel("설명").fill("웹 개발 트랙 1주차");
    await form.getByRole("button", { name: "일정 추가" }).click();
    await successMessage(page, `'${title}' 일정이 추가되었습니다`);
    // The page moves to the event's month.
    await page.waitForURL((url) => url.searchParams.get("month") === MONTH);
    await expect.poll(() => eventRow(page, title).innerText(), eventually).toContain("5월 12일 (월) 19:00 ~ 21:00");

    const shown = await publicMonth();
    expect(shown).toContain(title);
    expect(shown).toContain("학생회관 307호");
    const created = await feedEvent(title);
    expect(created?.get("DTSTART")).toBe("20980512T100000Z");
    expect(created?.get("DTEND")).toBe("20980512T120000Z");
    expect(created?.get("SEQUENCE")).toBe("0");

    // An end before the start is refused next to its field; the typing stays.
    await eventRow(page, title)
      .getByRole("button", { name: `'${title}' 일정 수정` })
      .click();
    const row = page.getByRole("form", { name: `'${title}' 일정 수정` });
    await row.getByLabel("끝 시각").fill("18:30");
    await row.getByRole("button", { name: "저장" }).click();
    await row.getByText("끝나는 때가 시작보다 앞설 수 없습니다.").waitFor();
    await expect(row.getByLabel("끝 시각").getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(row.getByLabel("끝 시각").inputValue()).resolves.toBe("18:30");

    // A valid edit: a new title and an all-day event over two days.
    const edited = `${title} (연장)`;
    await row.getByLabel("제목").fill(edited);
    await row.getByLabel("종일 일정").check();
    await row.getByLabel("시작 시각").waitFor({ state: "hidden" });
    await row.getByLabel("끝 날짜").fill(`${MONTH}-13`);
    await row.getByRole("button", { name: "저장" }).click();
    await successMessage(page, `'${edited}' 일정이 수정되었습니다`);
    await expect.poll(() => eventRow(page, edited).innerText(), eventually).toContain("5월 12일 (월) ~ 5월 13일 (화)");
    const after = await publicMonth();
    expect(after).toContain(edited);
    const changed = await feedEvent(edited);
    expect(changed?.get("SEQUENCE")).toBe("1");
    expect(changed?.get("DTSTART")).toBe("20980512");
    expect(changed?.get("DTEND")).toBe("20980514");
    expect(changed?.get("UID")).toBe(created?.get("UID"));
    await expect(feedEvent(title)).resolves.toBeUndefined();

    await confirmDelete(page, eventRow(page, edited), `'${edited}' 일정을 삭제할까요?`);
    await successMessage(page, `'${edited}' 일정이 삭제되었습니다`);
    await expect.poll(() => eventRow(page, edited).count(), eventually).toBe(0);
    expect(await publicMonth()).not.toContain(edited);
    await expect(feedEvent(edited)).resolves.toBeUndefined();
    // The one refusal above (an end before the start) is the only failed request.
    expect(consoleErrorsOf(page).filter((text) => !text.includes("status of 400"))).toEqual([]);
  });

  test("two managers edit the same event: the second save gets the conflict and keeps its typing", async () => {
    const title = uniqueName("멘토링 데이");
    const first = await openCalendar();
    await first.getByText("새 일정 추가", { exact: true }).click();
    const form = first.getByRole("form", { name: "새 일정 추가" });
    await form.getByLabel("제목").fill(title);
    await form.getByLabel("종일 일정").check();
    await form.getByLabel("시작 날짜").fill(`${MONTH}-20`);
    await form.getByLabel("끝 날짜").fill(`${MONTH}-20`);
    await form.getByRole("button", { name: "일정 추가" }).click();
    await successMessage(first, `'${title}' 일정이 추가되었습니다`);

    const second = await openCalendar(viewports.phone);
    for (const page of [first, second]) {
      await eventRow(page, title)
        .getByRole("button", { name: `'${title}' 일정 수정` })
        .click();
    }
    const editor = (page: Page) => page.getByRole("form", { name: `'${title}' 일정 수정` });
    await editor(first).getByLabel("장소").fill("먼저 저장한 장소");
    await editor(first).getByRole("button", { name: "저장" }).click();
    await successMessage(first, `'${title}' 일정이 수정되었습니다`);

    const secondRow = editor(second);
    await secondRow.getByLabel("장소").fill("나중에 저장한 장소");
    await secondRow.getByRole("button", { name: "저장" }).click();
    await second.getByRole("alert").filter({ hasText: "다른 관리자가 먼저" }).waitFor();
    await expect(secondRow.getByLabel("장소").inputValue()).resolves.toBe("나중에 저장한 장소");
    await second.getByRole("button", { name: "최신 내용 불러오기" }).click();
    await expect.poll(() => secondRow.getByLabel("장소").inputValue(), eventually).toBe("먼저 저장한 장소");

    await confirmDelete(second, eventRow(second, title), `'${title}' 일정을 삭제할까요?`);
    await successMessage(second, `'${title}' 일정이 삭제되었습니다`);
    await expect(feedEvent(title)).resolves.toBeUndefined();
  });
});
