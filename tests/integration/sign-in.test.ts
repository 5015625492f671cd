import { beforeAll, describe, expect, test } from "vitest";
import { openDatabase } from "#server/db/database.ts";
import { ensureInitialAccount, findAccountByEmail, insertAccount } from "#server/domain/accounts/accounts.ts";
import type { ChangedPassword } from "#server/domain/accounts/own-account.ts";
import { hashPassword, verifyPassword } from "#server/domain/accounts/passwords.ts";
import {
  createSession,
  deleteExpiredSessions,
  findActiveSession,
  sessionIdOf,
} from "#server/domain/accounts/sessions.ts";
import {
  checkSignInLimit,
  deleteOldSignInAttempts,
  recordSignInAttempt,
} from "#server/domain/accounts/sign-in-limiter.ts";
import {
  addAccount,
  outcomeOf,
  runAccountCommand,
  signedInWith,
  signInWithPassword,
  succeeded,
} from "./support/account-steps.ts";
import { describeEachDatabase, type TestServices } from "./support/databases.ts";

const MINUTE = 60_000;
/** A small policy keeps the number of (slow, real) password checks down; the numbers are the point. */
const policy = { maxFailures: 3, windowMs: 15 * MINUTE };

async function accountEntries(services: TestServices, contains: string) {
  return services.db
    .selectFrom("audit_log")
    .select(["category", "type", "content", "error", "actor"])
    .where("content", "like", `%${contains}%`)
    .orderBy("time")
    .execute();
}

describeEachDatabase("sessions, sign-in and the limiter", (services) => {
  let managerId = "";
  beforeAll(async () => {
    managerId = (await addAccount(services(), "manager@club.test", "manager-pass")).id;
  });

  describe("sessions", () => {
    test("the database keeps the token's hash; the token finds its session until it expires", async () => {
      const { db } = services();
      const now = new Date("2030-01-01T00:00:00.000Z");
      const session = await createSession(db, managerId, false, now);
      const row = await db
        .selectFrom("sessions")
        .selectAll()
        .where("id", "=", sessionIdOf(session.token))
        .executeTakeFirst();
      expect(row).toMatchObject({ account_id: managerId, persistent: 0 });
      expect(row?.expires_at).toBe("2030-01-01T12:00:00.000Z");
      const stored = await db.selectFrom("sessions").select("id").execute();
      expect(stored.map((item) => item.id)).not.toContain(session.token);

      const found = await findActiveSession(db, session.token, new Date("2030-01-01T11:59:00Z"));
      expect(found?.account).toEqual({ id: managerId, email: "manager@club.test", role: "owner" });
      // Seen after more than five minutes: the last activity moves.
      expect(found?.lastSeenAt).toBe("2030-01-01T11:59:00.000Z");

      await expect(findActiveSession(db, session.token, new Date("2030-01-01T12:00:00Z"))).resolves.toBeUndefined();
      // An expired session is deleted on sight.
      await expect(
        db.selectFrom("sessions").select("id").where("id", "=", sessionIdOf(session.token)).execute(),
      ).resolves.toEqual([]);
    });

    test("unknown and malformed tokens find nothing", async () => {
      const { db } = services();
      await expect(findActiveSession(db, "B".repeat(43))).resolves.toBeUndefined();
      await expect(findActiveSession(db, "not a token")).resolves.toBeUndefined();
    });

    test("expired sessions are swept at start", async () => {
      const { db } = services();
      const old = await createSession(db, managerId, true, new Date("2000-01-01T00:00:00Z"));
      const fresh = await createSession(db, managerId, true);
      expect(await deleteExpiredSessions(db)).toBeGreaterThanOrEqual(1);
      await expect(findActiveSession(db, old.token)).resolves.toBeUndefined();
      await expect(findActiveSession(db, fresh.token)).resolves.toBeDefined();
    });
  });

  describe("sign-in", { timeout: 60_000 }, () => {
    test("the right password signs in with a new session each time, and the log says so", async () => {
      const { db } = services();
      const input = { email: "manager@club.test", password: "manager-pass", address: "198.51.100.1", policy };
      const first = succeeded(await signInWithPassword(services(), { ...input, persistent: true }));
      const second = succeeded(await signInWithPassword(services(), { ...input, persistent: false }));
      if (first.outcome !== "signed-in" || second.outcome !== "signed-in") {
        throw new Error("expected both sign-ins to succeed");
      }
      expect(first.session.token).not.toBe(second.session.token);
      expect(first.session.persistent).toBe(true);
      const session = await findActiveSession(db, first.session.token);
      expect(session).toMatchObject({ persistent: true, account: { id: managerId } });
      const entries = await accountEntries(services(), "계정으로 로그인했습니다");
      expect(entries.slice(-2)).toEqual([
        expect.objectContaining({
          content: "'manager@club.test' 계정으로 로그인했습니다 (로그인 상태 유지)",
          type: "normal",
          actor: "manager@club.test",
        }),
        expect.objectContaining({ content: "'manager@club.test' 계정으로 로그인했습니다", type: "normal" }),
      ]);
    });

    test("a wrong password and an unknown address get the same answer, and failure entries", async () => {
      const wrongPassword = await signInWithPassword(services(), {
        email: "manager@club.test",
        password: "nope-nope",
        address: "198.51.100.2",
        policy,
      });
      const unknownEmail = await signInWithPassword(services(), {
        email: "ghost@club.test",
        password: "manager-pass",
        address: "198.51.100.3",
        policy,
      });
      // The same answer: neither says which of the two was wrong.
      expect(wrongPassword).toEqual({
        ok: false,
        status: 401,
        message: "이메일 또는 비밀번호가 올바르지 않습니다. 다시 확인해 주세요.",
      });
      expect(unknownEmail).toEqual(wrongPassword);
      const entries = await accountEntries(services(), "ghost@club.test");
      expect(entries).toEqual([
        {
          category: "account",
          type: "failure",
          content: "'ghost@club.test' 계정으로 로그인하지 못했습니다 (접속 주소 198.51.100.3)",
          error: "이메일 또는 비밀번호가 올바르지 않습니다",
          actor: "ghost@club.test",
        },
      ]);
    });

    test("a hash made with older parameters is upgraded at sign-in", async () => {
      const { db } = services();
      // Stored as before the parameters were raised (no hash at today's cost made first).
      const passwordHash = await hashPassword("veteran-pass", { ln: 14, r: 8, p: 1 });
      await insertAccount(db, { email: "veteran@club.test", passwordHash, role: "owner" });
      const result = await signInWithPassword(services(), {
        email: "veteran@club.test",
        password: "veteran-pass",
        address: "198.51.100.4",
        policy,
      });
      expect(outcomeOf(result)).toBe("signed-in");
      const row = await findAccountByEmail(db, "veteran@club.test");
      expect(row?.password_hash).toMatch(/^\$scrypt\$ln=15,r=8,p=3\$/);
      await expect(verifyPassword("veteran-pass", row?.password_hash ?? "")).resolves.toBe(true);
    });

    test("an empty or malformed form is refused next to its fields, and logged", async () => {
      const empty = await signInWithPassword(services(), { email: "", password: "", address: "198.51.100.5" });
      expect(empty).toMatchObject({
        status: 400,
        fieldErrors: { email: "이메일을 입력해 주세요.", password: "비밀번호를 입력해 주세요." },
      });
      const malformed = await signInWithPassword(services(), {
        email: "no-at",
        password: "x",
        address: "198.51.100.5",
      });
      expect(malformed.fieldErrors).toEqual({ email: "이메일 주소 형식이 올바르지 않습니다." });
      // Nobody was named: the log says "system" and where the attempt came from.
      const entries = await accountEntries(services(), "로그인하지 못했습니다 (접속 주소 198.51.100.5)");
      expect(entries).toEqual([
        expect.objectContaining({ type: "failure", actor: "system" }),
        expect.objectContaining({ type: "failure", actor: "system" }),
      ]);
    });

    test("signing out deletes the session", async () => {
      const { db } = services();
      const { token } = await createSession(db, managerId, false);
      const by = await signedInWith(services(), token);
      succeeded(await runAccountCommand(services(), { type: "credentials", intent: "sign-out", by }));
      await expect(findActiveSession(db, token)).resolves.toBeUndefined();
      const entries = await accountEntries(services(), "계정에서 로그아웃했습니다");
      expect(entries).toHaveLength(1);
    });
  });

  describe("the limiter", { timeout: 60_000 }, () => {
    test("failures per e-mail address block that address from every client", async () => {
      const attempt = (address: string, password: string) =>
        signInWithPassword(services(), { email: "limited@club.test", password, address, policy });
      await addAccount(services(), "limited@club.test", "limited-pass");
      const before = Date.now();
      expect(outcomeOf(await attempt("203.0.113.1", "wrong-1"))).toBe("rejected");
      expect(outcomeOf(await attempt("203.0.113.2", "wrong-2"))).toBe("rejected");
      // The third failure reaches the limit: the answer already says when to try again, and the
      // log still says why it failed.
      const third = await attempt("203.0.113.3", "wrong-3");
      const thirdAt = Date.now();
      expect(third).toMatchObject({
        status: 429,
        message: expect.stringMatching(/^로그인에 너무 많이 실패했습니다\. /),
      });
      const logged = await accountEntries(services(), "(접속 주소 203.0.113.3)");
      expect(logged.map((entry) => entry.error)).toEqual(["이메일 또는 비밀번호가 올바르지 않습니다"]);
      // Even the right password is refused now, from any client, and that refusal is not counted.
      const right = await attempt("203.0.113.4", "limited-pass");
      expect(right.status).toBe(429);
      const refused = await accountEntries(services(), "(접속 주소 203.0.113.4)");
      expect(refused.map((entry) => entry.error)).toEqual(["로그인 시도 제한"]);
      // Fifteen minutes after the oldest counted failure, which came between `before` and the third.
      const retryAt = Date.parse(right.retryAt ?? "");
      expect(retryAt).toBeGreaterThanOrEqual(before + 15 * MINUTE);
      expect(retryAt).toBeLessThanOrEqual(thirdAt + 15 * MINUTE);
    });

    test("failures per client address block that client for every e-mail address", async () => {
      for (const email of ["a@club.test", "b@club.test", "c@club.test"]) {
        await signInWithPassword(services(), { email, password: "whatever", address: "203.0.113.50", policy });
      }
      const right = { email: "manager@club.test", password: "manager-pass", policy };
      const blocked = await signInWithPassword(services(), { ...right, address: "203.0.113.50" });
      expect(outcomeOf(blocked)).toBe("limited");
      const elsewhere = await signInWithPassword(services(), { ...right, address: "203.0.113.51" });
      expect(outcomeOf(elsewhere)).toBe("signed-in");
    });

    test("another app instance on the same database sees the same failures", async () => {
      const { db, config } = services();
      const second = openDatabase(config.database);
      try {
        const key = { clientAddress: "192.0.2.9", email: "shared@club.test" };
        const now = new Date();
        for (let index = 0; index < 10; index += 1) {
          await recordSignInAttempt(db, key, false, new Date(now.getTime() - index * 1000));
        }
        const seen = await checkSignInLimit(second.db, key, now);
        expect(seen).toEqual({
          limited: true,
          retryAt: new Date(now.getTime() - 9000 + 15 * MINUTE),
        });
        await expect(
          checkSignInLimit(second.db, { clientAddress: "192.0.2.10", email: "x@club.test" }, now),
        ).resolves.toEqual({ limited: false });
      } finally {
        await second.close();
      }
    });

    test("failures leave the count after 15 minutes and are swept at start", async () => {
      const { db } = services();
      const key = { clientAddress: "192.0.2.20", email: "old@club.test" };
      const now = new Date();
      for (let index = 0; index < 10; index += 1) {
        await recordSignInAttempt(db, key, false, new Date(now.getTime() - 16 * MINUTE));
      }
      await expect(checkSignInLimit(db, key, now)).resolves.toEqual({ limited: false });
      expect(await deleteOldSignInAttempts(db, now)).toBeGreaterThanOrEqual(10);
      const left = await db.selectFrom("sign_in_attempts").select("id").where("email", "=", "old@club.test").execute();
      expect(left).toEqual([]);
    });
  });

  describe("changing the password", { timeout: 60_000 }, () => {
    test("a wrong current password changes nothing and is logged as a failure", async () => {
      const { db } = services();
      const { token } = await createSession(db, managerId, false);
      const by = await signedInWith(services(), token, { address: "198.51.100.30" });
      const result = await runAccountCommand(services(), {
        type: "credentials",
        intent: "change-password",
        by,
        fields: { currentPassword: "not-it", newPassword: "whatever-new", confirmPassword: "whatever-new" },
        policy,
      });
      expect(result).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { currentPassword: "현재 비밀번호가 올바르지 않습니다." },
      });
      const row = await findAccountByEmail(db, "manager@club.test");
      await expect(verifyPassword("manager-pass", row?.password_hash ?? "")).resolves.toBe(true);
      const entries = await accountEntries(services(), "관리자의 비밀번호를 바꾸지 못했습니다");
      expect(entries.at(-1)).toMatchObject({
        type: "failure",
        error: "비밀번호가 올바르지 않습니다",
        actor: "manager@club.test",
      });
      // Counted like a failed sign-in: the limiter has it under this address and account.
      const counted = await db
        .selectFrom("sign_in_attempts")
        .select("succeeded")
        .where("client_address", "=", "198.51.100.30")
        .execute();
      expect(counted).toEqual([{ succeeded: 0 }]);
    });

    test("success ends every other session and replaces the current one", async () => {
      const { db } = services();
      await db.deleteFrom("sessions").where("account_id", "=", managerId).execute();
      const current = await createSession(db, managerId, true);
      const phone = await createSession(db, managerId, false);
      const laptop = await createSession(db, managerId, true);
      const by = await signedInWith(services(), current.token, { address: "198.51.100.31" });

      const result = succeeded(
        await runAccountCommand<ChangedPassword>(services(), {
          type: "credentials",
          intent: "change-password",
          by,
          fields: { currentPassword: "manager-pass", newPassword: "manager-pass-2", confirmPassword: "manager-pass-2" },
          policy,
        }),
      );
      expect(result.endedSessions).toBe(2);
      expect(result.session.persistent).toBe(true);
      for (const token of [current.token, phone.token, laptop.token]) {
        await expect(findActiveSession(db, token)).resolves.toBeUndefined();
      }
      await expect(findActiveSession(db, result.session.token)).resolves.toBeDefined();
      const row = await findAccountByEmail(db, "manager@club.test");
      await expect(verifyPassword("manager-pass-2", row?.password_hash ?? "")).resolves.toBe(true);
      const entries = await accountEntries(services(), "비밀번호가 변경되었습니다");
      expect(entries.at(-1)?.content).toBe(
        "'manager@club.test' 관리자의 비밀번호가 변경되었습니다 (다른 세션 2개 종료)",
      );
    });

    test("ending the other sessions keeps the current one", async () => {
      const { db } = services();
      const current = await createSession(db, managerId, false);
      const other = await createSession(db, managerId, false);
      const by = await signedInWith(services(), current.token);
      const ended = await runAccountCommand<number>(services(), {
        type: "my-account",
        intent: "end-other-sessions",
        by,
      });
      expect(succeeded(ended)).toBeGreaterThanOrEqual(1);
      expect(ended.message).toMatch(/^다른 기기와 브라우저의 로그인 \d+개를 종료했습니다\.$/);
      await expect(findActiveSession(db, current.token)).resolves.toBeDefined();
      await expect(findActiveSession(db, other.token)).resolves.toBeUndefined();
    });
  });
});

describeEachDatabase("the first account", (services) => {
  test("is created once, with a generated password when none is configured", {
    timeout: 30_000,
  }, async () => {
    const { db } = services();
    const created = await ensureInitialAccount(services(), {
      email: "club@club.test",
      password: undefined,
    });
    if (!created.created) throw new Error("expected an account to be created");
    expect(created.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const row = await findAccountByEmail(db, "club@club.test");
    await expect(verifyPassword(created.generatedPassword ?? "", row?.password_hash ?? "")).resolves.toBe(true);
    await expect(
      ensureInitialAccount(services(), { email: "other@club.test", password: "configured" }),
    ).resolves.toEqual({
      created: false,
    });
    await expect(findAccountByEmail(db, "other@club.test")).resolves.toBeUndefined();
  });
});
