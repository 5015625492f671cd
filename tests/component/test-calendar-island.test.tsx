import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test, vi } from "vitest";
import { TestCalendar } from "#app/components/archive/TestCalendar.tsx";
import startTestCalendar from "#app/islands/test-calendar.tsx";
import { ReactIsland } from "#app/lib/islands.tsx";
import { daysInMonth } from "#shared/dates.ts";
import { serverMarkup } from "./support/islands.ts";

/**
 * /archive/calendartest as the server sends it for `month` of 2026 (asked for in the address or
 * not), hydrated by its island on a visitor's clock that reads `visitorNow`.
 */
async function openCalendar({
  month,
  requested = false,
  visitorNow,
}: {
  month: number;
  requested?: boolean;
  visitorNow: string;
}) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(visitorNow));
  const props = {
    initial: { year: 2026, month },
    today: `2026-${String(month).padStart(2, "0")}-15`,
    monthRequested: requested,
  };
  serverMarkup(
    <main>
      <ReactIsland name="test-calendar" component={TestCalendar} props={props} />
    </main>,
  );
  // The island resolves once hydrated, which act lets happen only after its callback returns.
  let hydrated: Promise<void> | undefined;
  await act(async () => {
    hydrated = startTestCalendar();
  });
  await hydrated;
}

const title = () => screen.getByRole("heading", { level: 2 }).textContent;
const previous = () => screen.getByRole("button", { name: "이전 달" }) as HTMLButtonElement;
const next = () => screen.getByRole("button", { name: "다음 달" }) as HTMLButtonElement;
/** The days of the month the grid shows, by their numbers. */
const daysShown = () =>
  [...document.querySelectorAll("main table tbody td")]
    .map((cell) => cell.textContent?.match(/^\d+/)?.[0])
    .filter(Boolean).length;

describe("the test calendar island", () => {
  test("from January it cannot go back, and it steps through every month to December", async () => {
    const user = userEvent.setup();
    await openCalendar({ month: 1, visitorNow: "2026-01-15T12:00:00+09:00" });
    expect(title()).toBe("2026년 1월");
    expect(previous().disabled).toBe(true);
    for (let month = 2; month <= 12; month += 1) {
      await user.click(next());
      expect(title()).toBe(`2026년 ${month}월`);
      expect(daysShown()).toBe(daysInMonth({ year: 2026, month }));
    }
    expect(next().disabled).toBe(true);
    expect(previous().disabled).toBe(false);
    await user.click(previous());
    expect(title()).toBe("2026년 11월");
    // Stepping happens in the page: the address never changed.
    expect(window.location.search).toBe("");
  });

  test("in December it cannot go forward, and one step back opens the way again", async () => {
    const user = userEvent.setup();
    await openCalendar({ month: 12, visitorNow: "2026-12-10T12:00:00+09:00" });
    expect(title()).toBe("2026년 12월");
    expect(next().disabled).toBe(true);
    await user.click(previous());
    expect(title()).toBe("2026년 11월");
    expect(next().disabled).toBe(false);
  });

  test("once scripts run, the visitor's own clock decides the month", async () => {
    // A copy rendered in March (a cached page), read in April.
    await openCalendar({ month: 3, visitorNow: "2026-04-10T12:00:00+09:00" });
    expect(title()).toBe("2026년 4월");
  });

  test("a month asked for in the address stays, whatever the visitor's clock says", async () => {
    await openCalendar({ month: 7, requested: true, visitorNow: "2026-04-10T12:00:00+09:00" });
    expect(title()).toBe("2026년 7월");
    expect(daysShown()).toBe(31);
  });
});
