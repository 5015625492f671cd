import { CompiledQuery, sql } from "kysely";
import { beforeAll, describe, expect, test } from "vitest";
import type { ChangedPassword } from "#server/domain/accounts/own-account.ts";
import { createSession, findActiveSession, listSessionsOf, sessionIdOf } from "#server/domain/accounts/sessions.ts";
import { listRefusedSignIns, refusedSignInsQuery } from "#server/domain/dashboard/refused-sign-ins.ts";
import { newId } from "#server/storage/storage.ts";
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
const DAY = 24 * 60 * MINUTE;
const policy = { maxFailures: 2, windowMs: 15 * MINUTE };

const windows =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const iPhone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/** Ends one session from the account page's list, as the manager of `token`. */
async function endSession(services: TestServices, token: string, sessionId: string) {
  const by = await signedInWith(services, token);
  return runAccountCommand(services, { type: "my-account", intent: "end-session", by, fields: { sessionId } });
}

async function auditContents(services: TestServices, contains: string) {
  const rows = await services.db
    .selectFrom("audit_log")
    .select(["content", "type", "actor"])
    .where("content", "like", `%${contains}%`)
    .orderBy("time")
    .execute();
  return rows;
}

describeEachDatabase("the sessions an account sees and ends", (services) => {
  let ownerId = "";
  let otherId = "";
  beforeAll(async () => {
    ownerId = (await addAccount(services(), "owner@club.test", "owner-pass")).id;
    otherId = (await addAccount(services(), "other@club.test", "other-pass")).id;
  });

  test("each session keeps the browser and address it was opened from", async () => {
    const { db } = services();
    const now = new Date();
    const laptop = await createSession(db, ownerId, true, now, { userAgent: windows, address: "198.51.100.20" });
    const phone = await createSession(db, ownerId, false, new Date(now.getTime() + 1000), {
      userAgent: iPhone,
      address: "2001:db8::7",
    });
    // Sessions from before browsers and addresses were kept have neither.
    const older = await createSession(db, ownerId, false, new Date(now.getTime() - 1000));

    const sessions = await listSessionsOf(db, ownerId);
    expect(
      sessions.map(({ id, userAgent, clientAddress, persistent }) => ({ id, userAgent, clientAddress, persistent })),
    ).toEqual([
      { id: sessionIdOf(phone.token), userAgent: iPhone, clientAddress: "2001:db8::7", persistent: false },
      { id: sessionIdOf(laptop.token), userAgent: windows, clientAddress: "198.51.100.20", persistent: true },
      { id: sessionIdOf(older.token), userAgent: null, clientAddress: null, persistent: false },
    ]);
    await db.deleteFrom("sessions").execute();
  });

  test("the session renewed by a password change keeps this browser and address", async () => {
    const { db } = services();
    const current = await createSession(db, ownerId, true, new Date(), {
      userAgent: windows,
      address: "198.51.100.21",
    });
    const by = await signedInWith(services(), current.token, { address: "198.51.100.22", userAgent: iPhone });
    const result = succeeded(
      await runAccountCommand<ChangedPassword>(services(), {
        type: "credentials",
        intent: "change-password",
        by,
        fields: { currentPassword: "owner-pass", newPassword: "owner-pass-2", confirmPassword: "owner-pass-2" },
      }),
    );
    const sessions = await listSessionsOf(db, ownerId);
    expect(sessions).toEqual([
      expect.objectContaining({
        id: sessionIdOf(result.session.token),
        persistent: true,
        userAgent: iPhone,
        clientAddress: "198.51.100.22",
      }),
    ]);
    await db.deleteFrom("sessions").execute();
  });

  describe("ending one session", () => {
    test("ends only the one named, and the log names its device and address", async () => {
      const { db } = services();
      const current = await createSession(db, ownerId, false, new Date(), { userAgent: windows, address: "192.0.2.1" });
      const phone = await createSession(db, ownerId, false, new Date(), { userAgent: iPhone, address: "192.0.2.2" });
      const laptop = await createSession(db, ownerId, true, new Date(), { userAgent: windows, address: "192.0.2.3" });

      await expect(endSession(services(), current.token, sessionIdOf(phone.token))).resolves.toMatchObject({
        ok: true,
        message: "Safari · iPhone (iOS 18)의 로그인을 종료했습니다. 그곳에서는 다시 로그인해야 합니다.",
      });
      await expect(findActiveSession(db, phone.token)).resolves.toBeUndefined();
      await expect(findActiveSession(db, laptop.token)).resolves.toBeDefined();
      await expect(findActiveSession(db, current.token)).resolves.toBeDefined();
      expect(await auditContents(services(), "다른 세션 하나를 종료했습니다")).toEqual([
        {
          content:
            "'owner@club.test' 관리자가 다른 세션 하나를 종료했습니다 (Safari · iPhone (iOS 18), 접속 주소 192.0.2.2)",
          type: "normal",
          actor: "owner@club.test",
        },
      ]);

      // Ending it again finds nothing to end: a 404, logged as a failure.
      await expect(endSession(services(), current.token, sessionIdOf(phone.token))).resolves.toMatchObject({
        status: 404,
        message: "이미 종료되었거나 없는 로그인입니다.",
      });
      expect(await auditContents(services(), "다른 세션 하나를 종료했습니다")).toHaveLength(1);
      expect(await auditContents(services(), "다른 세션을 종료하지 못했습니다")).toEqual([
        expect.objectContaining({ type: "failure", actor: "owner@club.test" }),
      ]);
    });

    test("another account's session, an unknown id and the current session end nothing", async () => {
      const { db } = services();
      const current = await createSession(db, ownerId, false, new Date(), { userAgent: windows, address: "192.0.2.4" });
      const theirs = await createSession(db, otherId, false, new Date(), { userAgent: iPhone, address: "192.0.2.5" });
      const logged = (await auditContents(services(), "종료했습니다")).length;
      const end = (sessionId: string) => endSession(services(), current.token, sessionId);

      await expect(end(sessionIdOf(theirs.token))).resolves.toMatchObject({ status: 404 });
      await expect(findActiveSession(db, theirs.token)).resolves.toMatchObject({
        account: { email: "other@club.test" },
      });
      await expect(end("0".repeat(64))).resolves.toMatchObject({ status: 404 });
      await expect(end("")).resolves.toMatchObject({ status: 404 });
      await expect(end(sessionIdOf(current.token))).resolves.toMatchObject({
        status: 400,
        message: "지금 이 브라우저의 로그인은 여기서 종료할 수 없습니다. 로그아웃을 눌러 주세요.",
      });
      await expect(findActiveSession(db, current.token)).resolves.toBeDefined();
      expect(await auditContents(services(), "종료했습니다")).toHaveLength(logged);
    });

    test("an expired session is not there to end", async () => {
      const { db } = services();
      const current = await createSession(db, ownerId, false);
      const old = await createSession(db, ownerId, false, new Date(Date.now() - 13 * 60 * MINUTE));
      await expect(endSession(services(), current.token, sessionIdOf(old.token))).resolves.toMatchObject({
        status: 404,
      });
    });
  });
});

describeEachDatabase("the dashboard's refused sign-ins", (services) => {
  beforeAll(async () => {
    await addAccount(services(), "keeper@club.test", "keeper-pass");
    await addAccount(services(), "bystander@club.test", "bystander-pass");
  });

  test("newest first: who was tried, why, and from where; nothing else of the account log", async () => {
    const { db } = services();
    const attempt = async (email: string, password: string, address: string) =>
      outcomeOf(await signInWithPassword(services(), { email, password, address, policy }));
    // Older than a week: no longer shown.
    await db
      .insertInto("audit_log")
      .values({
        id: newId(),
        category: "account",
        type: "failure",
        content: "'keeper@club.test' 계정으로 로그인하지 못했습니다 (접속 주소 203.0.113.99)",
        error: "이메일 또는 비밀번호가 올바르지 않습니다",
        actor: "keeper@club.test",
        time: new Date(Date.now() - 8 * DAY).toISOString(),
      })
      .execute();

    await expect(attempt("nobody@club.test", "guess-1", "203.0.113.10")).resolves.toBe("rejected");
    await expect(attempt("keeper@club.test", "guess-2", "203.0.113.11")).resolves.toBe("rejected");
    // The second failure for this address reaches the limit of this policy.
    await expect(attempt("keeper@club.test", "guess-3", "203.0.113.12")).resolves.toBe("limited");
    // A success in between (its password check also keeps the entries' times apart).
    await expect(attempt("bystander@club.test", "bystander-pass", "203.0.113.13")).resolves.toBe("signed-in");
    // Even the right password is refused now.
    await expect(attempt("keeper@club.test", "keeper-pass", "203.0.113.14")).resolves.toBe("limited");

    const refused = await listRefusedSignIns(db);
    expect(refused.map(({ email, reason, clientAddress }) => ({ email, reason, clientAddress }))).toEqual([
      { email: "keeper@club.test", reason: "로그인 시도 제한", clientAddress: "203.0.113.14" },
      { email: "keeper@club.test", reason: "이메일 또는 비밀번호가 올바르지 않습니다", clientAddress: "203.0.113.12" },
      { email: "keeper@club.test", reason: "이메일 또는 비밀번호가 올바르지 않습니다", clientAddress: "203.0.113.11" },
      { email: "nobody@club.test", reason: "이메일 또는 비밀번호가 올바르지 않습니다", clientAddress: "203.0.113.10" },
    ]);
    const times = refused.map((entry) => entry.time);
    expect(times).toEqual([...times].sort().reverse());
    await expect(listRefusedSignIns(db, { limit: 2 })).resolves.toEqual(refused.slice(0, 2));
    // A week on, they are gone from the list too.
    await expect(listRefusedSignIns(db, { now: new Date(Date.now() + 8 * DAY) })).resolves.toEqual([]);
  });

  test("the query is answered from the (category, time) index", async () => {
    const { db, engine } = services();
    const query = refusedSignInsQuery(db, new Date(Date.now() - 7 * DAY), 10).compile();
    const explain = (prefix: string) => CompiledQuery.raw(`${prefix} ${query.sql}`, [...query.parameters]);
    if (engine === "sqlite") {
      const plan = await db.executeQuery<{ detail: string }>(explain("explain query plan"));
      const detail = plan.rows.map((row) => row.detail).join("\n");
      expect(detail).toContain("audit_log_category_time");
      // The index gives the order: no sorting step.
      expect(detail).not.toContain("TEMP B-TREE");
    } else {
      // A tiny table is scanned whatever its indexes; with sequential scans off, the plan shows
      // whether the index can serve the query at all.
      await db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const plan = await trx.executeQuery<{ "QUERY PLAN": string }>(explain("explain"));
        const detail = plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
        expect(detail).toContain("audit_log_category_time");
        expect(detail).not.toMatch(/^\s*(->\s*)?Sort\b/m);
      });
    }
  });
});
