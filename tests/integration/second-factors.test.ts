import { describe, expect, test } from "vitest";
import { checkAccountCode, checkAccountPassword } from "#server/domain/accounts/account-checks.ts";
import { createAccount } from "#server/domain/accounts/accounts.ts";
import { signIn } from "#server/domain/accounts/authentication.ts";
import {
  authenticatorAppState,
  beginAuthenticatorApp,
  confirmAuthenticatorApp,
  currentCode,
} from "#server/domain/accounts/authenticator-app.ts";
import { completeSecondFactor } from "#server/domain/accounts/second-factor-sign-in.ts";
import { findActiveSession } from "#server/domain/accounts/sessions.ts";
import { runAdminCli } from "../support/admin-cli.ts";
import { describeEachDatabase, type TestServices } from "./support/databases.ts";

const STEP = 30_000;
/** A small policy keeps the number of (slow, real) password checks down; the numbers are the point. */
const policy = { maxFailures: 3, windowMs: 15 * 60_000 };

/** A manager with the authenticator app on; returns the secret and the recovery codes. */
async function managerWithApp(services: TestServices, email: string, now: Date) {
  const manager = await createAccount(services.db, { email, password: "manager-pass", actor: "system" });
  const secret = await beginAuthenticatorApp(services.db, manager.id, now);
  if (!secret) throw new Error("the setup did not begin");
  const confirmed = await confirmAuthenticatorApp(services.db, manager, currentCode(secret, now), now);
  if (confirmed.outcome !== "confirmed") throw new Error(`not confirmed: ${confirmed.outcome}`);
  return { manager, secret, recoveryCodes: confirmed.recoveryCodes };
}

async function passwordStep(services: TestServices, email: string, now: Date, clientAddress = "198.51.100.7") {
  const result = await signIn(
    services.db,
    { email, password: "manager-pass", persistent: false, clientAddress, userAgent: "Test Browser/1.0" },
    now,
    policy,
  );
  if (result.outcome !== "second-factor") throw new Error(`expected a second step, got ${result.outcome}`);
  return result.challengeToken;
}

/** The code step of a pending sign-in, as the code page sends it. */
function codeStep(
  services: TestServices,
  step: { token: string; code: string; at: Date; kind?: "app" | "recovery"; address?: string },
  limits = policy,
) {
  return completeSecondFactor(
    services.db,
    {
      challengeToken: step.token,
      code: step.code,
      kind: step.kind ?? "app",
      clientAddress: step.address ?? "198.51.100.7",
      userAgent: "Test Browser/1.0",
    },
    step.at,
    limits,
  );
}

describeEachDatabase("the authenticator app, recovery codes and reset-2fa", (services) => {
  describe("turning the authenticator app on", () => {
    test("needs a code the app made from the new secret, then gives ten recovery codes once", async () => {
      const { db } = services();
      const now = new Date("2031-03-01T09:00:00.000Z");
      const manager = await createAccount(db, {
        email: "setup@club.test",
        password: "manager-pass",
        actor: "system",
      });
      await expect(authenticatorAppState(db, manager.id)).resolves.toEqual({ state: "off" });

      const secret = await beginAuthenticatorApp(db, manager.id, now);
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await expect(authenticatorAppState(db, manager.id)).resolves.toEqual({ state: "pending", secret });
      // Until it is confirmed, a password alone still signs in.
      const before = await signIn(
        db,
        { email: "setup@club.test", password: "manager-pass", persistent: false, clientAddress: "198.51.100.1" },
        now,
        policy,
      );
      expect(before.outcome).toBe("signed-in");

      const wrong = await confirmAuthenticatorApp(db, manager, "123456", new Date(now.getTime() + 10 * 60_000));
      expect(wrong.outcome).toBe("wrong-code");
      const confirmed = await confirmAuthenticatorApp(db, manager, currentCode(secret ?? "", now), now);
      expect(confirmed.outcome).toBe("confirmed");
      if (confirmed.outcome !== "confirmed") return;
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
      const log = await db.selectFrom("audit_log").select("content").where("actor", "=", "setup@club.test").execute();
      expect(log.map((entry) => entry.content)).toContain(
        "'setup@club.test' 관리자가 인증 앱 2단계 인증을 켰습니다 (복구 코드 10개 발급)",
      );
      expect(JSON.stringify(log)).not.toContain(secret);
    });
  });

  describe("signing in with a second factor", () => {
    test("a right password asks for the code; the next code opens the session, the one used before does not", async () => {
      const { db } = services();
      const now = new Date("2031-03-02T09:00:00.000Z");
      const { secret } = await managerWithApp(services(), "code@club.test", now);
      const token = await passwordStep(services(), "code@club.test", now);

      // The setup's own code was spent: the same code does not sign in.
      const replay = await codeStep(services(), { token, code: currentCode(secret, now), at: now });
      expect(replay.outcome).toBe("rejected");

      const later = new Date(now.getTime() + STEP);
      const result = await codeStep(services(), { token, code: currentCode(secret, later), at: later });
      expect(result.outcome).toBe("signed-in");
      if (result.outcome !== "signed-in") return;
      const session = await findActiveSession(db, result.session.token, later);
      expect(session?.account.email).toBe("code@club.test");
      const row = await db
        .selectFrom("sessions")
        .select(["user_agent", "client_address"])
        .where("id", "=", session?.id ?? "")
        .executeTakeFirst();
      expect(row).toEqual({ user_agent: "Test Browser/1.0", client_address: "198.51.100.7" });

      // The pending sign-in was used: the token finishes nothing again.
      const again = await codeStep(services(), { token, code: currentCode(secret, later), at: later });
      expect(again.outcome).toBe("expired");
    });

    test("a recovery code signs in once, typed in any case and with or without dashes", async () => {
      const { db } = services();
      const now = new Date("2031-03-03T09:00:00.000Z");
      const { manager, recoveryCodes } = await managerWithApp(services(), "recovery@club.test", now);
      const code = recoveryCodes[3] ?? "";

      const first = await codeStep(services(), {
        token: await passwordStep(services(), "recovery@club.test", now),
        code: code.toUpperCase().replaceAll("-", " "),
        at: now,
        kind: "recovery",
      });
      expect(first.outcome).toBe("signed-in");
      const second = await codeStep(services(), {
        token: await passwordStep(services(), "recovery@club.test", now),
        code,
        at: now,
        kind: "recovery",
      });
      expect(second.outcome).toBe("rejected");
      await expect(authenticatorAppState(db, manager.id)).resolves.toMatchObject({ recoveryCodesLeft: 9 });
      const log = await db
        .selectFrom("audit_log")
        .select(["content", "error"])
        .where("actor", "=", "recovery@club.test")
        .orderBy("time")
        .execute();
      expect(log.map((entry) => entry.content)).toContain("'recovery@club.test' 계정으로 로그인했습니다 (복구 코드)");
      expect(log.at(-1)?.error).toBe("인증 코드가 올바르지 않습니다");
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
        outcomes.push(result.outcome);
      }
      expect(outcomes).toEqual(["rejected", "rejected", "limited"]);
      const next = new Date(now.getTime() + STEP);
      const locked = await codeStep(services(), {
        token,
        code: currentCode(secret, next),
        at: next,
        address: "198.51.100.9",
      });
      expect(locked.outcome).toBe("limited");

      // With a roomier limit, the pending sign-in itself ends after five wrong codes.
      const roomy = { maxFailures: 50, windowMs: 15 * 60_000 };
      const later = new Date(now.getTime() + 60 * 60_000);
      const second = await passwordStep(services(), "guess@club.test", later, "198.51.100.10");
      const results: string[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const result = await codeStep(
          services(),
          { token: second, code: wrongCode(later), at: later, address: "198.51.100.10" },
          roomy,
        );
        results.push(result.outcome);
      }
      expect(results).toEqual(["rejected", "rejected", "rejected", "rejected", "expired"]);
    });

    test("the account page's checks refuse a wrong code or password and spend a right code", async () => {
      const { db } = services();
      const now = new Date("2031-03-05T09:00:00.000Z");
      const { manager, secret } = await managerWithApp(services(), "account@club.test", now);
      const token = await passwordStep(services(), "account@club.test", now);
      const later = new Date(now.getTime() + STEP);
      const signedIn = await codeStep(services(), { token, code: currentCode(secret, later), at: later });
      if (signedIn.outcome !== "signed-in") throw new Error(signedIn.outcome);
      const session = await findActiveSession(db, signedIn.session.token, later);
      if (!session) throw new Error("no session");
      const check = (code: string, at: Date) =>
        checkAccountCode(db, { session, code, clientAddress: "198.51.100.11" }, at, policy);
      const next = new Date(later.getTime() + STEP);
      await expect(check("not a code", next)).resolves.toBe("refused");
      await expect(check(currentCode(secret, next), next)).resolves.toBe("accepted");
      await expect(check(currentCode(secret, next), next)).resolves.toBe("refused");
      const password = (value: string) =>
        checkAccountPassword(db, { session, password: value, clientAddress: "198.51.100.11" }, next, policy);
      await expect(password("manager-pass")).resolves.toBe("accepted");
      // The limiter's third failure (two wrong codes above, one wrong password) locks the check.
      await expect(password("not-the-password")).resolves.toBe("refused");
      await expect(password("manager-pass")).resolves.toMatchObject({ outcome: "limited" });
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

  test("reset-2fa removes the second factors and ends the sessions, audited", { timeout: 60_000 }, async () => {
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
    await db
      .insertInto("sessions")
      .values({
        id: "session-of-lost-phone",
        account_id: manager.id,
        persistent: 1,
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
        user_agent: null,
        client_address: null,
      })
      .execute();

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
    const after = await signIn(
      db,
      { email: "lost-phone@club.test", password: "manager-pass", persistent: false, clientAddress: "198.51.100.12" },
      new Date(),
      policy,
    );
    expect(after.outcome).toBe("signed-in");

    const unknown = await runAdminCli(services(), ["reset-2fa", "nobody@club.test"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("There is no account with the address nobody@club.test.");
  });
});
