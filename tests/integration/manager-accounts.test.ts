import { sql } from "kysely";
import { describe, expect, test, vi } from "vitest";
import { deleteAccountById, findAccountByEmail, LastAccountError } from "#server/domain/accounts/accounts.ts";
import { listAccountsWithResetLinks } from "#server/domain/accounts/manage.ts";
import { createSession, findActiveSession } from "#server/domain/accounts/sessions.ts";
import { addAccount, outcomeOf, sendLinkForm, signInWithPassword } from "./support/account-steps.ts";
import { MANAGER } from "./support/admin-requests.ts";
import { describeEachDatabase } from "./support/databases.ts";
import { auditEntries, sendManagers, tokenOf, visit } from "./support/manager-links.ts";

describeEachDatabase("managers' accounts: reset links and removal", (services) => {
  const send = (fields: Record<string, string>) => sendManagers(services(), fields);
  const audit = (content: string) => auditEntries(services(), content);

  describe("resetting a forgotten password", () => {
    test("the link sets a new password, ends the account's sessions, and is spent", async () => {
      const { db } = services();
      const account = await addAccount(services(), "forgot@club.test", "old-password");
      const laptop = await createSession(db, account.id, true);
      const phone = await createSession(db, account.id, false);

      const first = await send({ intent: "reset-link", id: account.id });
      const made = await send({ intent: "reset-link", id: account.id });
      expect(made.body).toMatchObject({
        ok: true,
        message: "'forgot@club.test' 관리자의 비밀번호 재설정 링크가 만들어졌습니다 (48시간 동안 한 번 쓸 수 있습니다)",
      });
      const path = (made.body.data as unknown as { path: string }).path;
      expect(path).toMatch(/^\/admin\/reset-password\/[A-Za-z0-9_-]{43}$/);
      const token = tokenOf(path);
      // The newer link replaces the older one.
      expect(
        (await visit(services(), "reset", tokenOf((first.body.data as unknown as { path: string }).path))).status,
      ).toBe(404);
      expect((await listAccountsWithResetLinks(db)).find((item) => item.id === account.id)?.resetLinkExpiresAt).toEqual(
        expect.any(String),
      );

      expect(await visit(services(), "reset", token)).toMatchObject({
        status: 200,
        data: { open: true, email: "forgot@club.test" },
      });
      const mismatch = await sendLinkForm(services(), "reset", token, {
        newPassword: "new-password",
        confirmPassword: "new-passwork",
      });
      expect(mismatch.fieldErrors).toEqual({
        confirmPassword: "새 비밀번호와 확인이 일치하지 않습니다. 같은 비밀번호를 두 번 입력해 주세요.",
      });
      const short = await sendLinkForm(services(), "reset", token, { newPassword: "abc", confirmPassword: "abc" });
      expect(short.fieldErrors).toEqual({ newPassword: "새 비밀번호는 6자 이상이어야 합니다." });
      await expect(findActiveSession(db, laptop.token)).resolves.toBeDefined();

      const reset = await visit(services(), "reset", token, {
        newPassword: "new-password",
        confirmPassword: "new-password",
      });
      expect(reset).toMatchObject({ status: 303, location: "/admin/login?passwordReset=1" });
      await expect(findActiveSession(db, laptop.token)).resolves.toBeUndefined();
      await expect(findActiveSession(db, phone.token)).resolves.toBeUndefined();
      const attempt = async (password: string) =>
        outcomeOf(await signInWithPassword(services(), { email: "forgot@club.test", password, address: "192.0.2.20" }));
      await expect(attempt("old-password")).resolves.toBe("rejected");
      await expect(attempt("new-password")).resolves.toBe("signed-in");
      expect(
        await audit(
          "'forgot@club.test' 관리자의 비밀번호가 재설정 링크로 변경되었습니다 (세션 2개 종료, 링크를 만든 관리자 manager@club.test)",
        ),
      ).toEqual([{ category: "account", type: "normal", actor: "forgot@club.test", error: null }]);

      expect((await visit(services(), "reset", token)).status).toBe(410);
      const reused = await sendLinkForm(services(), "reset", token, {
        newPassword: "third-password",
        confirmPassword: "third-password",
      });
      expect(reused).toMatchObject({ ok: false, status: 410 });
    });

    test("no reset link for one's own account, nor for an account that is not there", async () => {
      const { db } = services();
      const own = (await findAccountByEmail(db, MANAGER)) ?? (await addAccount(services(), MANAGER, "manager-pass"));
      const refused = await send({ intent: "reset-link", id: own.id });
      expect(refused).toMatchObject({
        status: 400,
        body: { message: "자기 비밀번호는 비밀번호 변경 화면에서 바꿔 주세요." },
      });
      expect((await send({ intent: "reset-link", id: "0".repeat(32) })).status).toBe(404);
      expect((await send({ intent: "reset-link", id: "../../x" })).status).toBe(400);
    });
  });

  describe("removing", () => {
    test("removes another account and ends its sessions; not one's own; never the last", async () => {
      const { db } = services();
      const leaving = await addAccount(services(), "leaving@club.test", "leaving-pass");
      const session = await createSession(db, leaving.id, true);
      await send({ intent: "reset-link", id: leaving.id });

      const removed = await send({ intent: "remove", id: leaving.id });
      expect(removed.body).toMatchObject({
        ok: true,
        message: "'leaving@club.test' 관리자 계정이 삭제되었습니다 (세션 1개 종료)",
      });
      expect(await findAccountByEmail(db, "leaving@club.test")).toBeUndefined();
      await expect(findActiveSession(db, session.token)).resolves.toBeUndefined();
      expect(await audit("'leaving@club.test' 관리자 계정이 삭제되었습니다 (세션 1개 종료)")).toEqual([
        { category: "account", type: "normal", actor: MANAGER, error: null },
      ]);
      const gone = await db.selectFrom("account_links").select("id").where("account_id", "=", leaving.id).execute();
      expect(gone).toEqual([]);
      expect((await send({ intent: "remove", id: leaving.id })).status).toBe(404);

      const own = await findAccountByEmail(db, MANAGER);
      const self = await send({ intent: "remove", id: own?.id ?? "" });
      expect(self).toMatchObject({ status: 400 });
      expect(self.body.message).toContain("자기 계정은 여기서 삭제할 수 없습니다.");

      // Everyone but one goes (the acting manager's own account too, by another's hand).
      const [last, ...others] = await listAccountsWithResetLinks(db);
      await db
        .deleteFrom("accounts")
        .where(
          "id",
          "in",
          others.map((item) => item.id),
        )
        .execute();
      const refused = await send({ intent: "remove", id: last?.id ?? "" });
      expect(refused).toMatchObject({
        status: 409,
        body: { ok: false, message: "마지막 관리자 계정은 삭제할 수 없습니다. 먼저 다른 관리자를 초대해 주세요." },
      });
      expect(await listAccountsWithResetLinks(db)).toHaveLength(1);
      expect(await audit(`'${last?.email}' 관리자 계정 삭제에 실패했습니다`)).toEqual([
        expect.objectContaining({ type: "failure", actor: MANAGER }),
      ]);
    });
  });

  test("two managers removing each other at once leave one of them", async () => {
    const { db } = services();
    await db.deleteFrom("accounts").execute();
    const one = await addAccount(services(), "one@club.test", "one-password");
    const two = await addAccount(services(), "two@club.test", "two-password");
    // The first removal holds its transaction open until the second has finished or is seen
    // waiting for the first's lock, as it must: it may count only what the first left. (SQLite
    // runs one write transaction at a time, so there the second simply comes after.)
    let secondDone = false;
    const postgres = services().databaseUrl.startsWith("postgres");
    let firstRemoved = () => {};
    const firstHoldsLock = new Promise<void>((resolve) => {
      firstRemoved = resolve;
    });
    const first = db.transaction().execute(async (trx) => {
      await deleteAccountById(trx, two.id);
      firstRemoved();
      if (!postgres) return;
      await vi.waitFor(
        async () => {
          const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_locks where not granted`.execute(
            db,
          );
          if (!secondDone && (waiting.rows[0]?.n ?? 0) === 0) throw new Error("the second removal is not waiting yet");
        },
        { timeout: 10_000, interval: 20 },
      );
    });
    // The second starts once the first has removed its account (and holds the rows' locks).
    const second = firstHoldsLock.then(() =>
      db
        .transaction()
        .execute((trx) => deleteAccountById(trx, one.id))
        .finally(() => {
          secondDone = true;
        }),
    );
    const results = await Promise.allSettled([first, second]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected"]);
    expect(results[1]).toMatchObject({ reason: expect.any(LastAccountError) });
    expect((await listAccountsWithResetLinks(db)).map((manager) => manager.email)).toEqual(["one@club.test"]);
  });
});
