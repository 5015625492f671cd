import { describe, expect, test } from "vitest";
import {
  authenticatorAppState,
  beginAuthenticatorApp,
  confirmAuthenticatorApp,
  currentCode,
} from "#server/domain/accounts/authenticator-app.ts";
import type { PasswordSignIn } from "#server/domain/accounts/password-sign-in.ts";
import { createSession, findActiveSession } from "#server/domain/accounts/sessions.ts";
import { findChallenge } from "#server/domain/accounts/sign-in-challenges.ts";
import type { WriteResult } from "#shared/write-result.ts";
import { runAdminCli } from "../support/admin-cli.ts";
import {
  addAccount,
  enterCode,
  outcomeOf,
  runAccountCommand,
  signedInWith,
  signInWithPassword,
  succeeded,
} from "./support/account-steps.ts";
import { describeEachDatabase, type TestServices } from "./support/databases.ts";

const STEP = 30_000;
/** A small policy keeps the number of (slow, real) password checks down; the numbers are the point. */
const policy = { maxFailures: 3, windowMs: 15 * 60_000 };

/** A manager with the authenticator app on (set up directly); returns the secret and the recovery codes. */
async function managerWithApp(services: TestServices, email: string, now: Date) {
  const manager = await addAccount(services, email, "manager-pass");
  const secret = await beginAuthenticatorApp(services.db, manager.id, now);
  if (!secret) throw new Error("the setup did not begin");
  const confirmed = await confirmAuthenticatorApp(services.db, manager.id, currentCode(secret, now), now);
  if (confirmed.outcome !== "confirmed") throw new Error(`not confirmed: ${confirmed.outcome}`);
  return { manager, secret, recoveryCodes: confirmed.recoveryCodes };
}

/** The password step; a code is asked next. Returns the step's token (the cookie's). */
async function passwordStep(services: TestServices, email: string, at: Date, address = "198.51.100.7") {
  const result = await signInWithPassword(services, {
    email,
    password: "manager-pass",
    address,
    userAgent: "Test Browser/1.0",
    at,
    policy,
  });
  const step = succeeded<PasswordSignIn>(result);
  if (step.outcome !== "second-factor") throw new Error(`expected a second step, got ${step.outcome}`);
  return step.challengeToken;
}

function codeStep(
  services: TestServices,
  step: { token: string; code: string; at: Date; box?: "code" | "recoveryCode"; address?: string },
  limits = policy,
) {
  return enterCode(services, {
    challengeToken: step.token,
    [step.box ?? "code"]: step.code,
    address: step.address ?? "198.51.100.7",
    userAgent: "Test Browser/1.0",
    at: step.at,
    policy: limits,
  });
}

async function logOf(services: TestServices, actor: string) {
  return services.db
    .selectFrom("audit_log")
    .select(["content", "type", "error"])
    .where("actor", "=", actor)
    .orderBy("time")
    .execute();
}

describeEachDatabase("the authenticator app, recovery codes and reset-2fa", (services) => {
  describe("turning the authenticator app on", () => {
    test("asks the password again, then needs a code the app made from the new secret, then gives ten recovery codes once", async () => {
      const { db } = services();
      const now = new Date("2031-03-01T09:00:00.000Z");
      const manager = await addAccount(services(), "setup@club.test", "manager-pass");
      const { token } = await createSession(db, manager.id, false, now);
      const by = await signedInWith(services(), token, { address: "198.51.100.1" });
      const run = (intent: string, fields: Record<string, string>, at = now) =>
        runAccountCommand<{ recoveryCodes: string[] }>(services(), {
          type: "my-account",
          intent,
          by,
          fields,
          at,
          policy,
        });
      await expect(authenticatorAppState(db, manager.id)).resolves.toEqual({ state: "off" });

      const wrongPassword = await run("app-begin", { password: "not-it" });
      expect(wrongPassword).toMatchObject({
        status: 400,
        fieldErrors: { password: "현재 비밀번호가 올바르지 않습니다." },
      });
      succeeded(await run("app-begin", { password: "manager-pass" }));
      const pending = await authenticatorAppState(db, manager.id);
      if (pending.state !== "pending") throw new Error(`expected pending, got ${pending.state}`);
      expect(pending.secret).toMatch(/^[A-Z2-7]{32}$/);
      // Until it is confirmed, a password alone still signs in.
      const before = await signInWithPassword(services(), {
        email: "setup@club.test",
        password: "manager-pass",
        address: "198.51.100.1",
        at: now,
        policy,
      });
      expect(outcomeOf(before)).toBe("signed-in");

      const wrong = await run("app-confirm", { code: "123456" }, new Date(now.getTime() + 10 * 60_000));
      expect(wrong).toMatchObject({
        status: 400,
        fieldErrors: { code: expect.stringContaining("코드가 맞지 않습니다") },
      });
      const confirmed = succeeded(await run("app-confirm", { code: currentCode(pending.secret, now) }));
      expect(confirmed.recoveryCodes).toHaveLength(10);
      expect(new Set(confirmed.recoveryCodes).size).toBe(10);
      for (const code of confirmed.recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
      await expect(authenticatorAppState(db, manager.id)).resolves.toMatchObject({
        state: "on",
        recoveryCodesLeft: 10,
      });

      // Only hashes are stored, and the secret never reaches the log.
      const stored = await db.selectFrom("recovery_codes").select("id").where("account_id", "=", manager.id).execute();
      expect(stored.map((row) => row.id)).not.toContain(confirmed.recoveryCodes[0]);
      const log = await logOf(services(), "setup@club.test");
      expect(log.map((entry) => entry.content)).toEqual(
        expect.arrayContaining([
          "'setup@club.test' 관리자가 인증 앱 연결을 시작했습니다",
          "'setup@club.test' 관리자가 인증 앱 2단계 인증을 켰습니다 (복구 코드 10개 발급)",
        ]),
      );
      expect(JSON.stringify(log)).not.toContain(pending.secret);
    });
  });

  describe("signing in with a second factor", () => {
    test("a right password asks for the code; the next code opens the session, the one used before does not", async () => {
      const { db } = services();
      const now = new Date("2031-03-02T09:00:00.000Z");
      const { secret } = await managerWithApp(services(), "code@club.test", now);
      const token = await passwordStep(services(), "code@club.test", now);
      const log = await logOf(services(), "code@club.test");
      expect(log.at(-1)?.content).toBe(
        "'code@club.test' 계정의 비밀번호를 확인했습니다. 2단계 인증을 기다립니다 (접속 주소 198.51.100.7)",
      );

      // The setup's own code was spent: the same code does not sign in.
      const replay = await codeStep(services(), { token, code: currentCode(secret, now), at: now });
      expect(replay).toMatchObject({
        status: 401,
        fieldErrors: { code: expect.stringContaining("코드가 맞지 않습니다") },
      });

      const later = new Date(now.getTime() + STEP);
      const result = succeeded(await codeStep(services(), { token, code: currentCode(secret, later), at: later }));
      const session = await findActiveSession(db, result.session.token, later);
      expect(session?.account.email).toBe("code@club.test");
      const row = await db
        .selectFrom("sessions")
        .select(["user_agent", "client_address"])
        .where("id", "=", session?.id ?? "")
        .executeTakeFirst();
      expect(row).toEqual({ user_agent: "Test Browser/1.0", client_address: "198.51.100.7" });
      expect((await logOf(services(), "code@club.test")).at(-1)?.content).toBe(
        "'code@club.test' 계정으로 로그인했습니다 (인증 앱 코드)",
      );

      // The pending sign-in was used: the token finishes nothing again.
      const again = await codeStep(services(), { token, code: currentCode(secret, later), at: later });
      expect(outcomeOf(again)).toBe("expired");
    });

    test("a recovery code signs in once, in either box, typed in any case and with or without dashes", async () => {
      const { db } = services();
      const now = new Date("2031-03-03T09:00:00.000Z");
      const { manager, recoveryCodes } = await managerWithApp(services(), "recovery@club.test", now);
      const [first = "", second = ""] = recoveryCodes;

      const inRecoveryBox = await codeStep(services(), {
        token: await passwordStep(services(), "recovery@club.test", now),
        code: first.toUpperCase().replaceAll("-", " "),
        at: now,
        box: "recoveryCode",
      });
      expect(outcomeOf(inRecoveryBox)).toBe("signed-in");
      // Typed in the main box (meant for the app's code), a recovery code works too.
      const inMainBox = await codeStep(services(), {
        token: await passwordStep(services(), "recovery@club.test", now),
        code: second,
        at: now,
      });
      expect(outcomeOf(inMainBox)).toBe("signed-in");
      const spent = await codeStep(services(), {
        token: await passwordStep(services(), "recovery@club.test", now),
        code: first,
        at: now,
        box: "recoveryCode",
      });
      expect(spent).toMatchObject({
        status: 401,
        fieldErrors: { recoveryCode: "쓸 수 없는 복구 코드입니다. 이미 쓴 코드는 다시 쓸 수 없습니다." },
      });
      await expect(authenticatorAppState(db, manager.id)).resolves.toMatchObject({ recoveryCodesLeft: 8 });
      const log = await logOf(services(), "recovery@club.test");
      expect(log.map((entry) => entry.content)).toContain("'recovery@club.test' 계정으로 로그인했습니다 (복구 코드)");
      expect(log.at(-1)).toMatchObject({
        content: "'recovery@club.test' 계정의 2단계 인증에 실패했습니다 (복구 코드, 접속 주소 198.51.100.7)",
        error: "인증 코드가 올바르지 않습니다",
      });
    });

    test("wrong codes count with the sign-in limiter, and five end the pending sign-in", async () => {
      const now = new Date("2031-03-04T09:00:00.000Z");
      const { secret } = await managerWithApp(services(), "guess@club.test", now);
      const wrongCode = (at: Date) => String((Number(currentCode(secret, at)) + 500_000) % 1_000_000).padStart(6, "0");

      // With the limiter's three failures, the third wrong code locks this address out.
      const token = await passwordStep(services(), "guess@club.test", now, "198.51.100.9");
      const outcomes: string[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const result = await codeStep(services(), { token, code: wrongCode(now), at: now, address: "198.51.100.9" });
        outcomes.push(outcomeOf(result));
      }
      expect(outcomes).toEqual(["rejected", "rejected", "limited"]);
      const next = new Date(now.getTime() + STEP);
      const locked = await codeStep(services(), {
        token,
        code: currentCode(secret, next),
        at: next,
        address: "198.51.100.9",
      });
      expect(outcomeOf(locked)).toBe("limited");

      // With a roomier limit, the pending sign-in itself ends after five wrong codes.
      const roomy = { maxFailures: 50, windowMs: 15 * 60_000 };
      const later = new Date(now.getTime() + 60 * 60_000);
      const second = await passwordStep(services(), "guess@club.test", later, "198.51.100.10");
      const results: string[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const step = { token: second, code: wrongCode(later), at: later, address: "198.51.100.10" };
        results.push(outcomeOf(await codeStep(services(), step, roomy)));
      }
      expect(results).toEqual(["rejected", "rejected", "rejected", "rejected", "rejected"]);
      // The fifth closed it: the page starts again from the password.
      await expect(findChallenge(services().db, second, "second-factor", later)).resolves.toBeUndefined();
      const after = { token: second, code: currentCode(secret, later), at: later, address: "198.51.100.10" };
      expect(outcomeOf(await codeStep(services(), after, roomy))).toBe("expired");
    });

    test("the account page's checks refuse a wrong code or password and spend a right code", async () => {
      const { db } = services();
      const now = new Date("2031-03-05T09:00:00.000Z");
      const { manager, secret } = await managerWithApp(services(), "account@club.test", now);
      const { token } = await createSession(db, manager.id, false, now);
      const by = await signedInWith(services(), token, { address: "198.51.100.11" });
      const run = (intent: string, fields: Record<string, string>, at: Date) =>
        runAccountCommand(services(), { type: "my-account", intent, by, fields, at, policy });
      const next = new Date(now.getTime() + STEP);
      const refused: WriteResult = await run("recovery-renew", { code: "not a code" }, next);
      expect(refused).toMatchObject({
        status: 400,
        fieldErrors: { code: expect.stringContaining("코드가 맞지 않습니다") },
      });
      const renewed = succeeded(await run("recovery-renew", { code: currentCode(secret, next) }, next));
      expect(renewed).toMatchObject({ recoveryCodes: expect.arrayContaining([expect.any(String)]) });
      // The code was spent: it does not turn the app off.
      const spent = await run("app-remove", { code: currentCode(secret, next) }, next);
      expect(spent.status).toBe(400);
      // The limiter's third failure (two wrong codes above, one wrong password) locks the checks.
      const password = await run("app-begin", { password: "not-the-password" }, next);
      expect(password).toMatchObject({ status: 429 });
      const later = new Date(next.getTime() + STEP);
      await expect(run("app-remove", { code: currentCode(secret, later) }, later)).resolves.toMatchObject({
        status: 429,
      });
      await expect(authenticatorAppState(db, manager.id)).resolves.toMatchObject({ state: "on" });
      const log = await db
        .selectFrom("audit_log")
        .select("error")
        .where("actor", "=", manager.email)
        .where("type", "=", "failure")
        .execute();
      expect(log.map((entry) => entry.error)).toEqual(
        expect.arrayContaining(["인증 코드가 올바르지 않습니다", "비밀번호가 올바르지 않습니다"]),
      );
    });
  });

  test("reset-2fa removes the second factors and ends the sessions, audited", { timeout: 120_000 }, async () => {
    const { db } = services();
    const now = new Date();
    const { manager } = await managerWithApp(services(), "lost-phone@club.test", now);
    await db
      .insertInto("passkeys")
      .values({
        id: "credential-1",
        account_id: manager.id,
        name: "잃어버린 휴대폰",
        public_key: "AAAA",
        counter: 0,
        transports: "[]",
        created_at: now.toISOString(),
        last_used_at: null,
      })
      .execute();
    const token = await passwordStep(services(), "lost-phone@club.test", now);
    expect(token).not.toBe("");
    await createSession(db, manager.id, true, now);

    const result = await runAdminCli(services(), ["reset-2fa", "lost-phone@club.test"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Removed 1 passkey(s), the authenticator app and its recovery codes");
    expect(result.stdout).toContain("ended 1 session(s)");

    for (const table of ["passkeys", "totp_factors", "recovery_codes", "sign_in_challenges", "sessions"] as const) {
      const rows = await db.selectFrom(table).select("account_id").where("account_id", "=", manager.id).execute();
      expect(rows, table).toEqual([]);
    }
    const entry = await db
      .selectFrom("audit_log")
      .select(["content", "actor"])
      .where("content", "like", "%2단계 인증을 초기화%")
      .executeTakeFirst();
    expect(entry).toEqual({
      content:
        "'lost-phone@club.test' 관리자의 2단계 인증을 초기화했습니다 (패스키 1개 삭제, 인증 앱 해제, 세션 1개 종료)",
      actor: "system",
    });
    // The password alone signs in again.
    const after = await signInWithPassword(services(), {
      email: "lost-phone@club.test",
      password: "manager-pass",
      address: "198.51.100.12",
      policy,
    });
    expect(outcomeOf(after)).toBe("signed-in");

    const unknown = await runAdminCli(services(), ["reset-2fa", "nobody@club.test"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("There is no account with the address nobody@club.test.");
  });
});
