import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { PRACTICE_COMMANDS, pointsFor } from "#app/components/game/command-rush.ts";
import { consoleErrorsOf, setupBrowser, viewports } from "./support/browser.ts";
import { openWithStillClock, serverRenderedMain } from "./support/pages.ts";

const { newPage } = setupBrowser();

async function gamePage(viewport: { width: number; height: number } = viewports.desktop) {
  return openWithStillClock(await newPage({ viewport }), "/game");
}

const target = (page: Page) => page.getByTestId("target").textContent();
const score = async (page: Page) => Number(await page.getByTestId("score").textContent());
const input = (page: Page) => page.getByRole("textbox", { name: /명령어 입력/ });

describe("/game", () => {
  test("the server sends the game's shell: title, rules and the start buttons", async () => {
    const main = await serverRenderedMain(newPage, "/game");
    const page = main.page();
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Command Rush");
    await expect(page.getByRole("heading", { name: "규칙" }).count()).resolves.toBe(1);
    // Without scripts the buttons say what they are but cannot start anything.
    await expect(page.getByRole("button", { name: "60초 도전" }).isDisabled()).resolves.toBe(true);
  });

  test("typing the command scores it, a wrong Enter is a miss, Esc skips", async () => {
    const page = await gamePage();
    await page.getByRole("button", { name: "60초 도전" }).click();
    // Focus goes to the input at once: the keyboard is all a player needs.
    await expect(input(page).evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    const first = (await target(page)) ?? "";
    expect(first.length).toBeGreaterThan(0);
    await page.keyboard.type(first);
    await expect(score(page)).resolves.toBe(pointsFor(first, 0));
    await expect(input(page).inputValue()).resolves.toBe("");

    const second = (await target(page)) ?? "";
    expect(second).not.toBe(first);
    await page.keyboard.type("zz");
    await page.keyboard.press("Enter");
    await expect(input(page).getAttribute("aria-invalid")).resolves.toBe("true");
    await expect.poll(() => page.getByText("명령어와 달라요").isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect(target(page)).resolves.not.toBe(second);
    await expect(score(page)).resolves.toBe(pointsFor(first, 0));
    expect(consoleErrorsOf(page)).toEqual([]);
  });

  test("the round ends after 60 seconds with the result, and restarts", async () => {
    const page = await gamePage();
    await page.getByRole("button", { name: "60초 도전" }).click();
    const first = (await target(page)) ?? "";
    await page.keyboard.type(first);
    const scored = await score(page);
    await page.clock.runFor(59_000);
    await expect.poll(() => page.getByText("남은 시간").isVisible()).toBe(true);
    await expect.poll(() => input(page).isVisible()).toBe(true);
    await page.clock.runFor(1_100);
    await expect(page.getByTestId("final-score").textContent()).resolves.toBe(String(scored));
    await expect.poll(() => page.getByText("최고 기록!").isVisible()).toBe(true);
    const status = page.getByRole("status").filter({ hasText: "끝!" });
    await expect(status.textContent()).resolves.toContain(`${scored}점`);

    const restart = page.getByRole("button", { name: "다시 하기" });
    await expect(restart.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("score").textContent()).toBe("0");
    await expect.poll(() => input(page).isVisible()).toBe(true);
    expect(consoleErrorsOf(page)).toEqual([]);
  });

  test("practice mode has no clock and ends after its commands, on a phone", async () => {
    const page = await gamePage(viewports.phone);
    await page.getByRole("button", { name: /연습 모드/ }).click();
    await page.clock.runFor(5 * 60_000);
    for (let count = 0; count < PRACTICE_COMMANDS; count += 1) {
      await input(page).fill((await target(page)) ?? "");
    }
    await expect.poll(() => page.getByTestId("final-score").isVisible()).toBe(true);
    await expect.poll(() => page.getByText(`${PRACTICE_COMMANDS}개`, { exact: true }).isVisible()).toBe(true);
    expect(consoleErrorsOf(page)).toEqual([]);
  });

  test("warns when the keyboard is typing Hangul", async () => {
    const page = await gamePage();
    await page.getByRole("button", { name: "60초 도전" }).click();
    await input(page).fill("ㅣㄴ");
    await expect.poll(() => page.getByText("한/영 키를 눌러").isVisible()).toBe(true);
  });
});
