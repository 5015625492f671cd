import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { findAccountByEmail } from "#server/domain/accounts/accounts.ts";
import { createLink, LINK_LIFETIME_MS, withoutLinkToken } from "#server/domain/accounts/links.ts";
import { listAccountsWithResetLinks } from "#server/domain/accounts/manage.ts";
import { outcomeOf, sendLinkForm, signInWithPassword } from "./support/account-steps.ts";
import { MANAGER } from "./support/admin-requests.ts";
import { describeEachDatabase } from "./support/databases.ts";
import { auditEntries, sendManagers, tokenOf, visit } from "./support/manager-links.ts";

const HOUR = 60 * 60 * 1000;

describeEachDatabase("inviting managers with one-time links", (services) => {
  const send = (fields: Record<string, string>) => sendManagers(services(), fields);
  const audit = (content: string) => auditEntries(services(), content);

  async function invite(note: string) {
    const answer = await send({ intent: "invite", note, role: "editor" });
    expect(answer.status, answer.body.message).toBe(200);
    const link = answer.body.data as unknown as { path: string; expiresAt: string };
    return { ...link, token: tokenOf(link.path), message: answer.body.message };
  }

  describe("inviting", () => {
    test("a link is made; only its hash is stored; it creates an account that can sign in, once", async () => {
      const { db } = services();
      const before = Date.now();
      const link = await invite("김코딩 (24학번)");
      expect(link.path).toMatch(/^\/admin\/invite\/[A-Za-z0-9_-]{43}$/);
      const expires = Date.parse(link.expiresAt) - before;
      expect(expires).toBeGreaterThanOrEqual(LINK_LIFETIME_MS);
      expect(expires).toBeLessThan(LINK_LIFETIME_MS + 60_000);
      expect(link.message).toBe(
        "'김코딩 (24학번)' 관리자 초대 링크가 만들어졌습니다 (편집자, 48시간 동안 한 번 쓸 수 있습니다)",
      );
      expect(await audit(link.message)).toEqual([{ category: "account", type: "normal", actor: MANAGER, error: null }]);

      const rows = await db.selectFrom("account_links").selectAll().execute();
      const row = rows.find((item) => item.id === createHash("sha256").update(link.token).digest("hex"));
      expect(row).toMatchObject({ purpose: "invite", note: "김코딩 (24학번)", created_by: MANAGER, used_at: null });
      expect(JSON.stringify(rows)).not.toContain(link.token);

      const opened = await visit(services(), "invite", link.token);
      expect(opened).toMatchObject({ status: 200, data: { open: true, note: "김코딩 (24학번)", createdBy: MANAGER } });

      const created = await visit(services(), "invite", link.token, {
        email: " New.Manager@Club.test ",
        newPassword: "invited-pass",
        confirmPassword: "invited-pass",
      });
      expect(created).toMatchObject({ status: 303, location: "/admin/login?accountCreated=1" });
      expect(await findAccountByEmail(db, "new.manager@club.test")).toBeDefined();
      expect(
        await audit(
          "'new.manager@club.test' 관리자 계정이 초대 링크로 추가되었습니다 ('김코딩 (24학번)' 초대, 편집자, manager@club.test)",
        ),
      ).toEqual([{ category: "account", type: "normal", actor: "new.manager@club.test", error: null }]);

      const signedIn = await signInWithPassword(services(), {
        email: "new.manager@club.test",
        password: "invited-pass",
        address: "192.0.2.10",
      });
      expect(outcomeOf(signedIn)).toBe("signed-in");
      const listed = (await listAccountsWithResetLinks(db)).find(
        (manager) => manager.email === "new.manager@club.test",
      );
      expect(listed?.lastSignedInAt).toEqual(expect.any(String));

      // Spent: the page says so with 410, and a second account cannot be made with it.
      const again = await visit(services(), "invite", link.token);
      expect(again).toMatchObject({ status: 410, data: { open: false } });
      expect(again.data.message).toContain("이미 사용한 링크입니다.");
      const reused = await visit(services(), "invite", link.token, {
        email: "second@club.test",
        newPassword: "invited-pass",
        confirmPassword: "invited-pass",
      });
      expect(reused).toMatchObject({ status: 410, data: { ok: false, status: 410 } });
      expect(await findAccountByEmail(db, "second@club.test")).toBeUndefined();
    });

    test("an expired link is refused with 410, an unknown one with 404, and neither makes an account", async () => {
      const { db } = services();
      const old = await db
        .transaction()
        .execute((trx) =>
          createLink(
            trx,
            { purpose: "invite", note: "늦은 초대", createdBy: MANAGER },
            new Date(Date.now() - 49 * HOUR),
          ),
        );
      const expired = await visit(services(), "invite", tokenOf(old.path));
      expect(expired.status).toBe(410);
      expect(expired.data.message).toContain("기한(48시간)이 지난 링크입니다.");
      const fields = { email: "late@club.test", newPassword: "late-pass", confirmPassword: "late-pass" };
      const refused = await sendLinkForm(services(), "invite", tokenOf(old.path), fields);
      expect(refused).toMatchObject({ ok: false, status: 410 });
      expect(await findAccountByEmail(db, "late@club.test")).toBeUndefined();

      for (const token of ["A".repeat(43), "not-a-token", ""]) {
        expect((await visit(services(), "invite", token)).status).toBe(404);
        expect(await sendLinkForm(services(), "invite", token, fields)).toMatchObject({ status: 404 });
      }
      // A reset link does not open the invitation page.
      const [someone] = await listAccountsWithResetLinks(db);
      const reset = await send({ intent: "reset-link", id: someone?.id ?? "" });
      const resetToken = tokenOf((reset.body.data as unknown as { path: string }).path);
      expect((await visit(services(), "invite", resetToken)).status).toBe(404);
    });

    test("what the invited person typed is checked, in Korean; a refused try leaves the link usable", async () => {
      const { db } = services();
      const link = await invite("확인용");
      const tryWith = (fields: Record<string, string>) => sendLinkForm(services(), "invite", link.token, fields);

      const mismatchMessage = "비밀번호와 확인이 일치하지 않습니다. 같은 비밀번호를 두 번 입력해 주세요.";
      const refusals: [Record<string, string>, Record<string, string>][] = [
        [
          { email: "not an address", newPassword: "short", confirmPassword: "other" },
          {
            email: "이메일 주소 형식이 올바르지 않습니다.",
            newPassword: "비밀번호는 6자 이상이어야 합니다.",
            confirmPassword: mismatchMessage,
          },
        ],
        [
          { email: "a@club.test", newPassword: "long-enough", confirmPassword: "long-enougb" },
          { confirmPassword: mismatchMessage },
        ],
        [
          {},
          {
            email: "이메일을 입력해 주세요.",
            newPassword: "비밀번호를 입력해 주세요.",
            confirmPassword: "비밀번호를 한 번 더 입력해 주세요.",
          },
        ],
      ];
      for (const [fields, fieldErrors] of refusals) {
        const refused = await tryWith(fields);
        expect(refused).toMatchObject({ ok: false, status: 400, message: "입력한 내용을 확인해 주세요." });
        expect(refused.fieldErrors).toEqual(fieldErrors);
      }

      const taken = await tryWith({
        email: "new.manager@club.test",
        newPassword: "taken-pass",
        confirmPassword: "taken-pass",
      });
      expect(taken).toMatchObject({ ok: false, status: 400 });
      expect(taken.fieldErrors?.email).toContain("이미 관리자 계정이 있는 이메일입니다.");
      expect(await audit("'확인용' 초대 링크로 관리자 계정을 만들지 못했습니다")).toHaveLength(4);

      // Every refusal rolled back: the link still works.
      expect((await visit(services(), "invite", link.token)).status).toBe(200);
      const made = await tryWith({
        email: "checked@club.test",
        newPassword: "checked-pass",
        confirmPassword: "checked-pass",
      });
      expect(made).toMatchObject({ ok: true, status: 200 });
      expect(await findAccountByEmail(db, "checked@club.test")).toBeDefined();
    });

    test("two people using one link at once make one account", async () => {
      const { db } = services();
      const link = await invite("동시에");
      const results = await Promise.all(
        ["race-1@club.test", "race-2@club.test"].map((email) =>
          sendLinkForm(services(), "invite", link.token, {
            email,
            newPassword: "race-pass",
            confirmPassword: "race-pass",
          }),
        ),
      );
      expect(results.map((result) => result.status).sort()).toEqual([200, 410]);
      const made = await db
        .selectFrom("accounts")
        .select("email")
        .where("email", "in", ["race-1@club.test", "race-2@club.test"])
        .execute();
      expect(made).toHaveLength(1);
    });

    test("an open invitation is listed until it is cancelled; a cancelled link opens nothing", async () => {
      const link = await invite("취소할 초대");
      const row = await services()
        .db.selectFrom("account_links")
        .select("id")
        .where("note", "=", "취소할 초대")
        .executeTakeFirstOrThrow();
      const cancelled = await send({ intent: "cancel-invite", id: row.id });
      expect(cancelled.body).toMatchObject({ ok: true, message: "'취소할 초대' 관리자 초대 링크가 취소되었습니다" });
      expect((await visit(services(), "invite", link.token)).status).toBe(404);
      expect((await send({ intent: "cancel-invite", id: row.id })).status).toBe(404);
    });

    test("the invitation needs a note, of at most 60 characters", async () => {
      expect((await send({ intent: "invite", note: " ", role: "editor" })).body.fieldErrors).toEqual({
        note: "누구를 초대하는지 입력해 주세요.",
      });
      expect((await send({ intent: "invite", note: "가".repeat(61), role: "editor" })).body.fieldErrors).toEqual({
        note: "받는 사람은 60자까지 쓸 수 있습니다.",
      });
    });
  });

  test("a link's token never reaches the request log", () => {
    const token = "a".repeat(43);
    expect(withoutLinkToken(`/admin/invite/${token}`)).toBe("/admin/invite/…");
    expect(withoutLinkToken(`/admin/reset-password/${token}.data?x=1`)).toBe("/admin/reset-password/….data?x=1");
    expect(withoutLinkToken("/admin/manage-managers")).toBe("/admin/manage-managers");
  });
});
