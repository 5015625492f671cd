import { describe, expect, test } from "vitest";
import { PageViewLimiter, viewLimits } from "#server/domain/analytics/view-limiter.ts";

const MINUTE = 60 * 1000;
const start = Date.parse("2026-11-24T03:00:00Z");

describe("which page-view reports count", () => {
  test("a page counts once per address in 30 minutes; other pages and addresses count", () => {
    const limiter = new PageViewLimiter();
    expect(limiter.admit("203.0.113.7", "/join", start)).toBe(true);
    expect(limiter.admit("203.0.113.7", "/join", start + 1000)).toBe(false);
    expect(limiter.admit("203.0.113.7", "/join", start + 29 * MINUTE)).toBe(false);
    expect(limiter.admit("203.0.113.7", "/about", start + 2000)).toBe(true);
    expect(limiter.admit("198.51.100.4", "/join", start + 3000)).toBe(true);
    // Thirty minutes after it was counted, the page counts again.
    expect(limiter.admit("203.0.113.7", "/join", start + 30 * MINUTE)).toBe(true);
  });

  test("past 60 reports in a minute nothing counts, until the next minute", () => {
    const limiter = new PageViewLimiter();
    const counted = Array.from({ length: 70 }, (_, index) =>
      limiter.admit("203.0.113.7", `/community/media/${index}`, start + index * 100),
    );
    expect(counted.filter(Boolean)).toHaveLength(viewLimits.perMinute);
    expect(counted.slice(viewLimits.perMinute).every((value) => !value)).toBe(true);
    expect(limiter.admit("203.0.113.7", "/community/media/new", start + MINUTE)).toBe(true);
  });

  test("what it remembers is bounded, and addresses silent for 30 minutes are forgotten", () => {
    const limiter = new PageViewLimiter({ ...viewLimits, maxClients: 3, maxPagesPerClient: 2 });
    for (const address of ["10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4"]) limiter.admit(address, "/", start);
    expect(limiter.clientCount).toBe(3);
    // The first address was forgotten: its view counts again.
    expect(limiter.admit("10.0.0.1", "/", start + 1000)).toBe(true);

    // Three pages with room for two: the oldest is forgotten and counts again.
    limiter.admit("10.0.0.9", "/a", start);
    limiter.admit("10.0.0.9", "/b", start);
    limiter.admit("10.0.0.9", "/c", start);
    expect(limiter.admit("10.0.0.9", "/a", start + 1000)).toBe(true);
    expect(limiter.admit("10.0.0.9", "/c", start + 1000)).toBe(false);

    limiter.admit("10.0.0.5", "/", start + 31 * MINUTE);
    expect(limiter.clientCount).toBe(1);
  });
});
