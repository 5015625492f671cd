import { describe, expect, test } from "vitest";
import { findAccountByEmail } from "#server/domain/accounts/accounts.ts";
import { accountsContent } from "#server/domain/accounts/content-type.ts";
import { handoverOverview } from "#server/domain/accounts/handover.ts";
import { accessEndingSoon } from "#server/domain/accounts/roles.ts";
import { createSession, findActiveSession } from "#server/domain/accounts/sessions.ts";
import { runNamedCommand, type WriteAuthor } from "#server/domain/write/content-type.ts";
import type { Role } from "#shared/roles.ts";
import { formOf, newAccount, signInWithPassword } from "./support/account-steps.ts";
import { describeEachDatabase } from "./support/databases.ts";

/** Owners handing the site on: roles, ownership, the end of someone's access, the handover page. */
describeEachDatabase(
  "the yearly handover",
  (services) => {
    const as = (account: { id: string; email: string; role: Role }): WriteAuthor => ({
      actor: account.email,
      account: { ...account, sessionId: "test-session", persistent: false },
      client: { address: "198.51.100.7" },
    });
    const run = (by: WriteAuthor, intent: string, fields: Record<string, string>) =>
      runNamedCommand(services(), by, accountsContent, intent, formOf(fields));
    const roleOf = async (email: string) => (await findAccountByEmail(services().db, email))?.role;

    test("the last owner can neither demote nor remove themselves, nor end their own access", async () => {
      const owner = await newAccount(services(), { email: "only-owner@club.test", password: "owner-pass" });
      const editor = await newAccount(services(), {
        email: "helper@club.test",
        password: "editor-pass",
        role: "editor",
      });
      // The demo club's own first owner is there too: make this the only owner who remains.
      const others = await services()
        .db.selectFrom("accounts")
        .select("id")
        .where("role", "=", "owner")
        .where("id", "!=", owner.id)
        .execute();
      for (const other of others) await run(as(owner), "set-role", { id: other.id, role: "editor" });

      const demoted = await run(as(owner), "set-role", { id: owner.id, role: "editor" });
      expect(demoted).toMatchObject({ ok: false, status: 409 });
      expect(demoted.message).toContain("소유자가 한 명뿐");
      expect(await roleOf("only-owner@club.test")).toBe("owner");
      const removedByEditor = await run(as(editor), "remove", { id: owner.id });
      expect(removedByEditor).toMatchObject({ ok: false, status: 403 });
      expect((await run(as(owner), "set-access-end", { id: owner.id, endsOn: "2099-03-01" })).status).toBe(400);
    });

    test("ownership is handed over in one audited step: the new owner in, the outgoing one an editor", async () => {
      const outgoing = await findAccountByEmail(services().db, "only-owner@club.test");
      const incoming = await findAccountByEmail(services().db, "helper@club.test");
      if (!outgoing || !incoming) throw new Error("accounts missing");
      const handed = await run(as({ ...outgoing, role: "owner" }), "hand-over", { id: incoming.id });
      expect(handed).toMatchObject({ ok: true, status: 200 });
      expect(await roleOf("helper@club.test")).toBe("owner");
      expect(await roleOf("only-owner@club.test")).toBe("editor");
      const entry = await services()
        .db.selectFrom("audit_log")
        .select(["actor", "category"])
        .where("content", "=", handed.message)
        .executeTakeFirst();
      expect(entry).toEqual({ actor: "only-owner@club.test", category: "account" });
      // The outgoing owner is an editor now: the accounts' commands are refused.
      const again = await run(as({ ...outgoing, role: "editor" }), "set-role", { id: outgoing.id, role: "owner" });
      expect(again).toMatchObject({ ok: false, status: 403 });
    });

    test("access that ends at a date: warned 14 days before, then no sign-in and no session", async () => {
      const owner = await findAccountByEmail(services().db, "helper@club.test");
      if (!owner) throw new Error("owner missing");
      const leaving = await newAccount(services(), {
        email: "leaving@club.test",
        password: "leaving-pass",
        role: "editor",
      });
      const inTenDays = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toLocaleDateString("sv-SE", {
        timeZone: "Asia/Seoul",
      });
      const set = await run(as({ ...owner, role: "owner" }), "set-access-end", { id: leaving.id, endsOn: inTenDays });
      expect(set).toMatchObject({ ok: true });
      expect(set.message).toContain("사용 기간을");
      const soon = await accessEndingSoon(services().db, 14);
      expect(soon.map((ending) => ending.email)).toContain("leaving@club.test");
      expect((await accessEndingSoon(services().db, 5)).map((ending) => ending.email)).not.toContain(
        "leaving@club.test",
      );
      // A date already past is refused; the handover page offers today or later.
      expect(
        (await run(as({ ...owner, role: "owner" }), "set-access-end", { id: leaving.id, endsOn: "2001-01-01" })).status,
      ).toBe(400);

      const session = await createSession(services().db, leaving.id, true);
      const afterTheEnd = new Date(Date.now() + 11 * 24 * 60 * 60 * 1000);
      expect(await findActiveSession(services().db, session.token)).toBeDefined();
      expect(await findActiveSession(services().db, session.token, afterTheEnd)).toBeUndefined();
      const refused = await signInWithPassword(services(), {
        email: "leaving@club.test",
        password: "leaving-pass",
        address: "198.51.100.8",
        at: afterTheEnd,
      });
      expect(refused).toMatchObject({ ok: false, status: 403 });
      expect(refused.message).toContain("사용 기간이 끝나");
    });

    describe("the handover page's overview", () => {
      test("lists access with last sign-ins, invitations, leaders, contact details and the last backup", async () => {
        const owner = await findAccountByEmail(services().db, "helper@club.test");
        if (!owner) throw new Error("owner missing");
        await run(as({ ...owner, role: "owner" }), "invite", { note: "다음 회장", role: "owner" });
        const overview = await handoverOverview(services().db, services().config);
        expect(overview.accounts.map((account) => account.email)).toContain("leaving@club.test");
        expect(overview.accounts.find((account) => account.email === "leaving@club.test")?.accessEndsAt).toBeTruthy();
        expect(overview.invitations).toContainEqual(expect.objectContaining({ note: "다음 회장", role: "owner" }));
        expect(overview.leaders.president?.name).toBeTruthy();
        expect(overview.leaders.vicePresidents.length).toBeGreaterThanOrEqual(1);
        expect(overview.contact.email).toContain("@");
        expect(overview.scheduledBackup).toEqual({ configured: false });
      });
    });
  },
  { demo: true },
);
