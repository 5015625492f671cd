import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import {
  BROWSER_SESSION_MS,
  isExpired,
  isSessionToken,
  PERSISTENT_SESSION_MS,
  sessionExpiry,
  sessionIdOf,
} from "#server/domain/accounts/sessions.ts";
import {
  clearedSessionCookieHeader,
  readSessionToken,
  safeRedirectTarget,
  sessionCookieHeader,
  signInPathFor,
} from "#server/http/session-guard.ts";

const DAY = 24 * 60 * 60 * 1000;
const token = "A".repeat(43);

describe("session expiry", () => {
  const now = new Date("2026-03-02T09:00:00.000Z");

  test('"stay signed in" lasts 30 days; a browser session at most 12 hours on the server', () => {
    expect(PERSISTENT_SESSION_MS).toBe(30 * DAY);
    expect(BROWSER_SESSION_MS).toBeLessThanOrEqual(DAY);
    expect(sessionExpiry(now, true).toISOString()).toBe("2026-04-01T09:00:00.000Z");
    expect(sessionExpiry(now, false).toISOString()).toBe("2026-03-02T21:00:00.000Z");
  });

  test("a session is expired from its expiry instant on", () => {
    const expiresAt = "2026-03-02T21:00:00.000Z";
    expect(isExpired(expiresAt, new Date("2026-03-02T20:59:59.999Z"))).toBe(false);
    expect(isExpired(expiresAt, new Date("2026-03-02T21:00:00.000Z"))).toBe(true);
  });

  test("only the token's SHA-256 is stored", () => {
    expect(sessionIdOf(token)).toBe(createHash("sha256").update(token).digest("hex"));
    expect(sessionIdOf(token)).not.toContain(token);
  });

  test("tokens are 43 base64url characters (32 random bytes)", () => {
    expect(isSessionToken(token)).toBe(true);
    expect(isSessionToken(`${token}=`)).toBe(false);
    expect(isSessionToken("A".repeat(42))).toBe(false);
    expect(isSessionToken({})).toBe(false);
  });
});

describe("the session cookie", () => {
  const http = new Request("http://club.test/admin/login", { method: "POST" });
  const https = new Request("https://club.test/admin/login", { method: "POST" });
  const inThirtyDays = new Date(Date.now() + PERSISTENT_SESSION_MS);

  test('"stay signed in" gives a persistent, HttpOnly, SameSite=Lax cookie of 30 days', async () => {
    const header = await sessionCookieHeader(http, {
      token,
      persistent: true,
      expiresAt: inThirtyDays,
    });
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).toMatch(/; Path=\//);
    const maxAge = Number(/Max-Age=(\d+)/.exec(header)?.[1]);
    expect(maxAge).toBeGreaterThan(30 * 24 * 3600 - 5);
    expect(maxAge).toBeLessThanOrEqual(30 * 24 * 3600);
    expect(header).not.toMatch(/Secure/);
  });

  test("without it the cookie has no lifetime, so it ends with the browser session", async () => {
    const header = await sessionCookieHeader(http, {
      token,
      persistent: false,
      expiresAt: new Date(Date.now() + BROWSER_SESSION_MS),
    });
    expect(header).not.toMatch(/Max-Age|Expires/i);
    expect(header).toMatch(/; HttpOnly/);
  });

  test("over HTTPS the cookie is Secure", async () => {
    const header = await sessionCookieHeader(https, {
      token,
      persistent: false,
      expiresAt: inThirtyDays,
    });
    expect(header).toMatch(/; Secure/);
    expect(await clearedSessionCookieHeader(https)).toMatch(/Max-Age=0.*; Secure/);
  });

  test("the token reads back from the cookie; anything else reads as no session", async () => {
    const header = await sessionCookieHeader(http, {
      token,
      persistent: false,
      expiresAt: inThirtyDays,
    });
    const cookie = header.split(";")[0] ?? "";
    await expect(readSessionToken(requestWithCookie(cookie))).resolves.toBe(token);
    await expect(readSessionToken(requestWithCookie("club_admin_session=abc"))).resolves.toBe(undefined);
    await expect(readSessionToken(requestWithCookie("other=1"))).resolves.toBe(undefined);
  });
});

describe("where sign-in leads", () => {
  test("back to the admin page the manager came from", () => {
    expect(safeRedirectTarget("/admin/manage-posts?page=2")).toBe("/admin/manage-posts?page=2");
    expect(safeRedirectTarget("/admin")).toBe("/admin");
  });

  test("never off the site, outside the admin area or back to sign-in", () => {
    for (const target of [
      undefined,
      "",
      "https://evil.example/admin",
      "//evil.example/admin",
      "/\\evil.example",
      "/admin/../",
      "/about",
      "/accounts",
      "/admin/login",
      "javascript:alert(1)",
    ]) {
      expect(safeRedirectTarget(target)).toBe("/admin");
    }
  });

  test("the sign-in address carries the page to come back to", () => {
    expect(signInPathFor(new URL("http://club.test/admin/manual?x=1"))).toBe(
      "/admin/login?redirectTo=%2Fadmin%2Fmanual%3Fx%3D1",
    );
    expect(signInPathFor(new URL("http://club.test/admin"))).toBe("/admin/login");
  });
});

function requestWithCookie(cookie: string): Request {
  return new Request("http://club.test/admin", { headers: { Cookie: cookie } });
}
