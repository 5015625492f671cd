import { expect, test, vi } from "vitest";
import { DatabaseAvailability, isDatabaseUnavailableError } from "#server/db/availability.ts";

const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });

test("connection failures count as an unavailable database; query faults do not", () => {
  expect(isDatabaseUnavailableError(withCode("ECONNREFUSED"))).toBe(true);
  expect(isDatabaseUnavailableError(withCode("57P01"))).toBe(true);
  expect(isDatabaseUnavailableError(withCode("57P03"))).toBe(true);
  expect(isDatabaseUnavailableError(withCode("08006"))).toBe(true);
  expect(isDatabaseUnavailableError(new Error("Connection terminated unexpectedly"))).toBe(true);
  expect(isDatabaseUnavailableError(new AggregateError([withCode("ECONNREFUSED")], "all refused"))).toBe(true);
  expect(isDatabaseUnavailableError(withCode("23505", "duplicate key"))).toBe(false);
  expect(isDatabaseUnavailableError(withCode("42P01", "relation does not exist"))).toBe(false);
  expect(isDatabaseUnavailableError(new Error("SQLITE_CONSTRAINT"))).toBe(false);
  expect(isDatabaseUnavailableError("ECONNREFUSED")).toBe(false);
});

test("a connection failure marks it unavailable until a probe succeeds", async () => {
  vi.useFakeTimers();
  try {
    let reachable = false;
    const events = { unavailable: vi.fn(), available: vi.fn() };
    const availability = new DatabaseAvailability({
      probe: async () => {
        if (!reachable) throw withCode("ECONNREFUSED");
      },
      events,
      probeIntervalMs: 1000,
    });
    availability.noteFailure(withCode("23505"));
    expect(availability.available).toBe(true);

    availability.noteFailure(withCode("57P01"));
    availability.noteFailure(withCode("ECONNREFUSED"));
    expect(availability.available).toBe(false);
    expect(events.unavailable).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(3000);
    expect(availability.available).toBe(false);

    reachable = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(availability.available).toBe(true);
    expect(events.available).toHaveBeenCalledTimes(1);
    expect(await availability.check()).toBe(true);
  } finally {
    vi.useRealTimers();
  }
});
