import { describe, expect, test } from "vitest";
import { decideLimit, signInLimit } from "#server/domain/accounts/sign-in-limiter.ts";
import { addressKey } from "#server/domain/client-address.ts";

const now = new Date("2026-03-02T09:00:00.000Z");
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

describe("the sign-in limiter's decision", () => {
  test("the policy is 10 failures in 15 minutes", () => {
    expect(signInLimit).toEqual({ maxFailures: 10, windowMs: 15 * 60_000 });
  });

  test("nine recent failures still allow an attempt", () => {
    const failures = Array.from({ length: 9 }, (_, index) => minutesAgo(index));
    expect(decideLimit(failures, now)).toEqual({ limited: false });
  });

  test("the tenth failure within 15 minutes blocks until the oldest of them leaves the window", () => {
    const failures = Array.from({ length: 10 }, (_, index) => minutesAgo(index));
    const decision = decideLimit(failures, now);
    expect(decision).toEqual({ limited: true, retryAt: new Date("2026-03-02T09:06:00.000Z") });
  });

  test("failures older than the window do not count", () => {
    const failures = [...Array.from({ length: 9 }, () => minutesAgo(1)), minutesAgo(15)];
    expect(decideLimit(failures, now)).toEqual({ limited: false });
  });

  test("with more than ten failures the answer waits for the tenth newest", () => {
    const failures = Array.from({ length: 14 }, (_, index) => minutesAgo(index));
    const decision = decideLimit(failures, now);
    // Newest first: the tenth newest is 9 minutes old, so it leaves the window in 6 minutes.
    expect(decision).toEqual({ limited: true, retryAt: new Date("2026-03-02T09:06:00.000Z") });
  });

  test("the order the times arrive in does not matter", () => {
    const failures = Array.from({ length: 10 }, (_, index) => minutesAgo(9 - index));
    expect(decideLimit(failures, now)).toEqual({
      limited: true,
      retryAt: new Date("2026-03-02T09:06:00.000Z"),
    });
  });

  test("another policy applies its own numbers", () => {
    const policy = { maxFailures: 3, windowMs: 60_000 };
    expect(decideLimit([minutesAgo(0.5), minutesAgo(0.2)], now, policy)).toEqual({
      limited: false,
    });
    expect(decideLimit([minutesAgo(0.5), minutesAgo(0.2), minutesAgo(0.1)], now, policy)).toEqual({
      limited: true,
      retryAt: new Date("2026-03-02T09:00:30.000Z"),
    });
  });
});

describe("the address a client is counted under", () => {
  test("IPv4 addresses count as they are, also when mapped into IPv6", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  test("IPv6 clients count per /64, however the address is written", () => {
    expect(addressKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });

  test("anything else is kept as given", () => {
    expect(addressKey("unknown")).toBe("unknown");
  });
});
