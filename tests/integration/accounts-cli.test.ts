import { describe, expect, test } from "vitest";
import {
  createAccount,
  deleteAccountByEmail,
  findAccountByEmail,
  listAccounts,
  resetPassword,
} from "#server/domain/accounts/accounts.ts";
import { verifyPassword } from "#server/domain/accounts/passwords.ts";
import { createSession } from "#server/domain/accounts/sessions.ts";
import { runAdminCli } from "../support/admin-cli.ts";
import { succeeded } from "./support/account-steps.ts";
import { describeEachDatabase, engines, type TestServices } from "./support/databases.ts";

async function countSessions(services: TestServices, accountId: string) {
  const rows = await services.db.selectFrom("sessions").select("id").where("account_id", "=", accountId).execute();
  return rows.length;
}

/**
 * `npm run admin` (scripts/admin.ts) as a process of its own: its arguments, messages and exit
 * statuses do not differ between engines, so it runs on the run's first engine only. The writes
 * it makes are checked on every engine below, in this process, through the functions it calls.
 */
describeEachDatabase(
  "the accounts' command-line tool",
  (services) => {
    describe("create", { timeout: 60_000 }, () => {
      test("reads the password from standard input and stores only its hash", async () => {
        const result = await runAdminCli(services(), ["create", "First@Club.test"], "first-secret\n");
        expect(result).toMatchObject({ code: 0, stdout: "Created account first@club.test (owner).\n" });
        expect(result.stdout + result.stderr).not.toContain("first-secret");

        const row = await findAccountByEmail(services().db, "first@club.test");
        expect(row?.password_hash).toMatch(/^\$scrypt\$ln=15,r=8,p=3\$/);
        expect(row?.password_hash).not.toContain("first-secret");
        await expect(verifyPassword("first-secret", row?.password_hash ?? "")).resolves.toBe(true);

        const entry = await services()
          .db.selectFrom("audit_log")
          .selectAll()
          .where("content", "like", "%first@club.test%")
          .executeTakeFirst();
        expect(entry).toMatchObject({ category: "account", type: "normal", actor: "system" });
      });

      test("takes the password from --password too", async () => {
        const result = await runAdminCli(services(), ["create", "second@club.test", "--password", "second-secret"]);
        expect(result.code).toBe(0);
        const row = await findAccountByEmail(services().db, "second@club.test");
        await expect(verifyPassword("second-secret", row?.password_hash ?? "")).resolves.toBe(true);
      });

      test("refuses a taken address, a malformed address and a short password", async () => {
        const taken = await runAdminCli(services(), ["create", "first@club.test", "--password", "abcdef"]);
        expect(taken.code).toBe(1);
        expect(taken.stderr).toContain("already exists");

        const malformed = await runAdminCli(services(), ["create", "first", "--password", "abcdef"]);
        expect(malformed.code).toBe(1);
        expect(malformed.stderr).toContain('"first" is not an e-mail address.');

        const short = await runAdminCli(services(), ["create", "third@club.test"], "abc\n");
        expect(short.code).toBe(1);
        expect(short.stderr).toContain("at least 6 characters");
        await expect(findAccountByEmail(services().db, "third@club.test")).resolves.toBeUndefined();
      });
    });

    test("list shows every account with their active sessions and no password", async () => {
      const { db } = services();
      const row = await findAccountByEmail(db, "first@club.test");
      if (!row) throw new Error("first@club.test is missing");
      await createSession(db, row.id, true);
      const result = await runAdminCli(services(), ["list"]);
      expect(result.code).toBe(0);
      const lines = result.stdout.split("\n");
      expect(lines.find((line) => line.includes("first@club.test"))).toMatch(/│ 1\s+│\s*$/);
      expect(lines.find((line) => line.includes("second@club.test"))).toMatch(/│ 0\s+│\s*$/);
      expect(result.stdout).not.toContain("$scrypt$");
    });

    test("reset-password sets a new password and ends every session of that account", {
      timeout: 60_000,
    }, async () => {
      const { db } = services();
      const row = await findAccountByEmail(db, "second@club.test");
      if (!row) throw new Error("second@club.test is missing");
      await createSession(db, row.id, false);
      await createSession(db, row.id, true);

      const result = await runAdminCli(services(), ["reset-password", "second@club.test"], "brand-new-pass\n");
      expect(result).toMatchObject({
        code: 0,
        stdout: "Set a new password for second@club.test and ended 2 session(s).\n",
      });
      const updated = await findAccountByEmail(db, "second@club.test");
      await expect(verifyPassword("brand-new-pass", updated?.password_hash ?? "")).resolves.toBe(true);
      await expect(verifyPassword("second-secret", updated?.password_hash ?? "")).resolves.toBe(false);
      expect(await countSessions(services(), row.id)).toBe(0);

      const unknown = await runAdminCli(services(), ["reset-password", "nobody@club.test"], "abcdefg\n");
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain("There is no account with the address nobody@club.test");
    });

    test("delete removes an account and their sessions, but never the last one", {
      timeout: 60_000,
    }, async () => {
      const { db } = services();
      const row = await findAccountByEmail(db, "first@club.test");
      if (!row) throw new Error("first@club.test is missing");
      const deleted = await runAdminCli(services(), ["delete", "first@club.test"]);
      expect(deleted).toMatchObject({
        code: 0,
        stdout: "Deleted account first@club.test and ended their sessions.\n",
      });
      await expect(findAccountByEmail(db, "first@club.test")).resolves.toBeUndefined();
      expect(await countSessions(services(), row.id)).toBe(0);

      const last = await runAdminCli(services(), ["delete", "second@club.test"]);
      expect(last.code).toBe(1);
      expect(last.stderr).toContain("The last account cannot be deleted");
      await expect(findAccountByEmail(db, "second@club.test")).resolves.toBeDefined();
    });

    test("an unknown command prints the usage hint and fails", async () => {
      const result = await runAdminCli(services(), ["promote", "x@club.test"]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('Unknown command "promote".');
      expect(result.stderr).toContain("npm run admin -- help");
    });
  },
  { only: engines.slice(0, 1) },
);

describeEachDatabase("the writes behind the accounts' tool", (services) => {
  test("create, list, reset-password and delete store what the tool says they do", {
    timeout: 60_000,
  }, async () => {
    const { db } = services();
    const by = { actor: "system" };
    const first = succeeded(
      await createAccount(services(), { ...by, email: "first@club.test", password: "first-secret" }),
    );
    expect(first).toMatchObject({ email: "first@club.test", role: "owner" });
    const row = await findAccountByEmail(db, "first@club.test");
    expect(row?.password_hash).toMatch(/^\$scrypt\$ln=15,r=8,p=3\$/);
    await expect(verifyPassword("first-secret", row?.password_hash ?? "")).resolves.toBe(true);
    const entry = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("content", "like", "%first@club.test%")
      .executeTakeFirst();
    expect(entry).toMatchObject({ category: "account", type: "normal", actor: "system" });

    const second = succeeded(
      await createAccount(services(), { ...by, email: "second@club.test", password: "second-secret" }),
    );
    await createSession(db, second.id, false);
    await createSession(db, second.id, true);
    expect((await listAccounts(db)).map((account) => [account.email, account.activeSessions])).toEqual([
      ["first@club.test", 0],
      ["second@club.test", 2],
    ]);

    const ended = await resetPassword(services(), { ...by, email: "second@club.test", password: "brand-new-pass" });
    expect(succeeded(ended)).toBe(2);
    const updated = await findAccountByEmail(db, "second@club.test");
    await expect(verifyPassword("brand-new-pass", updated?.password_hash ?? "")).resolves.toBe(true);
    expect(await countSessions(services(), second.id)).toBe(0);
    await expect(
      resetPassword(services(), { ...by, email: "nobody@club.test", password: "abcdefg" }),
    ).resolves.toMatchObject({ ok: false, status: 404 });

    await createSession(db, first.id, true);
    succeeded(await deleteAccountByEmail(services(), { ...by, email: "first@club.test" }));
    await expect(findAccountByEmail(db, "first@club.test")).resolves.toBeUndefined();
    expect(await countSessions(services(), first.id)).toBe(0);
  });

  test("the write behind the tool refuses a duplicate address next to its field, and logs it", async () => {
    const result = await createAccount(services(), {
      email: "second@club.test",
      password: "whatever1",
      actor: "system",
    });
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { email: "이미 관리자 계정이 있는 이메일입니다." },
    });
    const entry = await services()
      .db.selectFrom("audit_log")
      .select(["type", "actor"])
      .where("content", "=", "'second@club.test' 관리자 계정을 추가하지 못했습니다")
      .executeTakeFirst();
    expect(entry).toEqual({ type: "failure", actor: "system" });
  });
});
