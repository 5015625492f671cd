import { createHash } from "node:crypto";
import { RouterContextProvider } from "react-router";
import { describe, expect, test } from "vitest";
import { action as inviteAction, loader as inviteLoader } from "#app/routes/admin/invite.tsx";
import { action as resetAction, loader as resetLoader } from "#app/routes/admin/reset-password.tsx";
import {
  createAdministrator,
  findAdministratorByEmail,
  LastAdministratorError,
  removeAdministrator,
} from "#server/domain/administrators/administrators.ts";
import { signIn } from "#server/domain/administrators/authentication.ts";
import { createSession, findActiveSession } from "#server/domain/administrators/sessions.ts";
import { acceptInvitation, resetPasswordWithLink } from "#server/domain/managers/link-pages.ts";
import { createLink, LINK_LIFETIME_MS, withoutLinkToken } from "#server/domain/managers/links.ts";
import { listManagers } from "#server/domain/managers/managers.ts";
import { servicesContext } from "#server/http/router-context.ts";
import { MANAGER, postCommand } from "./support/admin-requests.ts";
import { describeEachDatabase, type TestServices } from "./support/databases.ts";

const HOUR = 60 * 60 * 1000;

/** A form as the link pages send it. */
function form(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}

const tokenOf = (path: string) => path.slice(path.lastIndexOf("/") + 1);

type PageModule = { loader: (args: never) => Promise<unknown>; action: (args: never) => Promise<unknown> };
const pages: Record<"invite" | "reset", PageModule> = {
  invite: { loader: inviteLoader, action: inviteAction },
  reset: { loader: resetLoader, action: resetAction },
};

/** Calls a link page's loader or action as a visitor without a session: its status and data. */
async function visit(
  services: TestServices,
  page: "invite" | "reset",
  token: string,
  body?: Record<string, string>,
): Promise<{ status: number; location: string | null; data: Record<string, unknown> }> {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const url = new URL(`http://club.test/admin/${page}/${token}`);
  const request = body
    ? new Request(url, { method: "POST", body: new URLSearchParams(body) })
    : new Request(url, { method: "GET" });
  const call = body ? pages[page].action : pages[page].loader;
  const answer = await (call as (args: unknown) => Promise<unknown>)({
    request,
    url,
    params: { token },
    context,
    pattern: url.pathname,
  });
  if (answer instanceof Response) {
    return { status: answer.status, location: answer.headers.get("location"), data: {} };
  }
  if (answer && typeof answer === "object" && "init" in answer && "data" in answer) {
    const { data, init } = answer as { data: Record<string, unknown>; init: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, data };
  }
  return { status: 200, location: null, data: answer as Record<string, unknown> };
}

describeEachDatabase("managers from the web", (services) => {
  const send = (fields: Record<string, string>) => postCommand(services(), "managers", fields);

  const audit = (content: string) =>
    services()
      .db.selectFrom("audit_log")
      .select(["category", "type", "actor", "error"])
      .where("content", "=", content)
      .execute();

  async function invite(note: string) {
    const answer = await send({ intent: "invite", note });
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
        "'김코딩 (24학번)' 관리자 초대 링크가 만들어졌습니다 (48시간 동안 한 번 쓸 수 있습니다)",
      );
      expect(await audit(link.message)).toEqual([{ category: "account", type: "normal", actor: MANAGER, error: null }]);

      const rows = await db.selectFrom("manager_links").selectAll().execute();
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
      expect(await findAdministratorByEmail(db, "new.manager@club.test")).toBeDefined();
      expect(
        await audit(
          "'new.manager@club.test' 관리자 계정이 초대 링크로 추가되었습니다 ('김코딩 (24학번)' 초대, manager@club.test)",
        ),
      ).toEqual([{ category: "account", type: "normal", actor: "new.manager@club.test", error: null }]);

      const signedIn = await signIn(db, {
        email: "new.manager@club.test",
        password: "invited-pass",
        persistent: false,
        clientAddress: "192.0.2.10",
      });
      expect(signedIn.outcome).toBe("signed-in");
      const listed = (await listManagers(db)).find((manager) => manager.email === "new.manager@club.test");
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
      expect(reused).toMatchObject({ status: 410, data: { gone: true } });
      expect(await findAdministratorByEmail(db, "second@club.test")).toBeUndefined();
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
      const refused = await acceptInvitation(services(), tokenOf(old.path), form(fields));
      expect(refused).toMatchObject({ ok: false, status: 410 });
      expect(await findAdministratorByEmail(db, "late@club.test")).toBeUndefined();

      for (const token of ["A".repeat(43), "not-a-token", ""]) {
        expect((await visit(services(), "invite", token)).status).toBe(404);
        expect(await acceptInvitation(services(), token, form(fields))).toMatchObject({ status: 404 });
      }
      // A reset link does not open the invitation page.
      const [someone] = await listManagers(db);
      const reset = await send({ intent: "reset-link", id: someone?.id ?? "" });
      const resetToken = tokenOf((reset.body.data as unknown as { path: string }).path);
      expect((await visit(services(), "invite", resetToken)).status).toBe(404);
    });

    test("what the invited person typed is checked, in Korean; a refused try leaves the link usable", async () => {
      const { db } = services();
      const link = await invite("확인용");
      const tryWith = (fields: Record<string, string>) => acceptInvitation(services(), link.token, form(fields));

      const bad = await tryWith({ email: "not an address", newPassword: "short", confirmPassword: "other" });
      expect(bad).toMatchObject({ ok: false, status: 400, message: "입력한 내용을 확인해 주세요." });
      expect(bad.fieldErrors).toEqual({
        email: "이메일 주소 형식이 올바르지 않습니다.",
        newPassword: "비밀번호는 6자 이상이어야 합니다.",
        confirmPassword: "비밀번호와 확인이 일치하지 않습니다. 같은 비밀번호를 두 번 입력해 주세요.",
      });
      const mismatch = await tryWith({
        email: "a@club.test",
        newPassword: "long-enough",
        confirmPassword: "long-enougb",
      });
      expect(mismatch.fieldErrors).toEqual({
        confirmPassword: "비밀번호와 확인이 일치하지 않습니다. 같은 비밀번호를 두 번 입력해 주세요.",
      });
      const empty = await tryWith({});
      expect(empty.fieldErrors).toEqual({
        email: "이메일을 입력해 주세요.",
        newPassword: "비밀번호를 입력해 주세요.",
        confirmPassword: "비밀번호를 한 번 더 입력해 주세요.",
      });

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
      expect(await findAdministratorByEmail(db, "checked@club.test")).toBeDefined();
    });

    test("two people using one link at once make one account", async () => {
      const { db } = services();
      const link = await invite("동시에");
      const results = await Promise.all(
        ["race-1@club.test", "race-2@club.test"].map((email) =>
          acceptInvitation(
            services(),
            link.token,
            form({ email, newPassword: "race-pass", confirmPassword: "race-pass" }),
          ),
        ),
      );
      expect(results.map((result) => result.status).sort()).toEqual([200, 410]);
      const made = await db
        .selectFrom("administrators")
        .select("email")
        .where("email", "in", ["race-1@club.test", "race-2@club.test"])
        .execute();
      expect(made).toHaveLength(1);
    });

    test("an open invitation is listed until it is cancelled; a cancelled link opens nothing", async () => {
      const link = await invite("취소할 초대");
      const row = await services()
        .db.selectFrom("manager_links")
        .select("id")
        .where("note", "=", "취소할 초대")
        .executeTakeFirstOrThrow();
      const cancelled = await send({ intent: "cancel-invite", id: row.id });
      expect(cancelled.body).toMatchObject({ ok: true, message: "'취소할 초대' 관리자 초대 링크가 취소되었습니다" });
      expect((await visit(services(), "invite", link.token)).status).toBe(404);
      expect((await send({ intent: "cancel-invite", id: row.id })).status).toBe(404);
    });

    test("the invitation needs a note, of at most 60 characters", async () => {
      expect((await send({ intent: "invite", note: " " })).body.fieldErrors).toEqual({
        note: "누구를 초대하는지 입력해 주세요.",
      });
      expect((await send({ intent: "invite", note: "가".repeat(61) })).body.fieldErrors).toEqual({
        note: "받는 사람은 60자까지 쓸 수 있습니다.",
      });
    });
  });

  describe("resetting a forgotten password", () => {
    test("the link sets a new password, ends the account's sessions, and is spent", async () => {
      const { db } = services();
      const account = await createAdministrator(db, {
        email: "forgot@club.test",
        password: "old-password",
        actor: "system",
      });
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
      expect((await listManagers(db)).find((item) => item.id === account.id)?.resetLinkExpiresAt).toEqual(
        expect.any(String),
      );

      expect(await visit(services(), "reset", token)).toMatchObject({
        status: 200,
        data: { open: true, email: "forgot@club.test" },
      });
      const mismatch = await resetPasswordWithLink(
        services(),
        token,
        form({ newPassword: "new-password", confirmPassword: "new-passwork" }),
      );
      expect(mismatch.fieldErrors).toEqual({
        confirmPassword: "새 비밀번호와 확인이 일치하지 않습니다. 같은 비밀번호를 두 번 입력해 주세요.",
      });
      const short = await resetPasswordWithLink(
        services(),
        token,
        form({ newPassword: "abc", confirmPassword: "abc" }),
      );
      expect(short.fieldErrors).toEqual({ newPassword: "새 비밀번호는 6자 이상이어야 합니다." });
      await expect(findActiveSession(db, laptop.token)).resolves.toBeDefined();

      const reset = await visit(services(), "reset", token, {
        newPassword: "new-password",
        confirmPassword: "new-password",
      });
      expect(reset).toMatchObject({ status: 303, location: "/admin/login?passwordReset=1" });
      await expect(findActiveSession(db, laptop.token)).resolves.toBeUndefined();
      await expect(findActiveSession(db, phone.token)).resolves.toBeUndefined();
      const attempt = (password: string) =>
        signIn(db, { email: "forgot@club.test", password, persistent: false, clientAddress: "192.0.2.20" });
      await expect(attempt("old-password")).resolves.toMatchObject({ outcome: "rejected" });
      await expect(attempt("new-password")).resolves.toMatchObject({ outcome: "signed-in" });
      expect(
        await audit(
          "'forgot@club.test' 관리자의 비밀번호가 재설정 링크로 변경되었습니다 (세션 2개 종료, 링크를 만든 관리자 manager@club.test)",
        ),
      ).toEqual([{ category: "account", type: "normal", actor: "forgot@club.test", error: null }]);

      expect((await visit(services(), "reset", token)).status).toBe(410);
      const reused = await resetPasswordWithLink(
        services(),
        token,
        form({ newPassword: "third-password", confirmPassword: "third-password" }),
      );
      expect(reused).toMatchObject({ ok: false, status: 410 });
    });

    test("no reset link for one's own account, nor for an account that is not there", async () => {
      const { db } = services();
      const own =
        (await findAdministratorByEmail(db, MANAGER)) ??
        (await createAdministrator(db, { email: MANAGER, password: "manager-pass", actor: "system" }));
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
      const leaving = await createAdministrator(db, {
        email: "leaving@club.test",
        password: "leaving-pass",
        actor: "system",
      });
      const session = await createSession(db, leaving.id, true);
      await send({ intent: "reset-link", id: leaving.id });

      const removed = await send({ intent: "remove", id: leaving.id });
      expect(removed.body).toMatchObject({
        ok: true,
        message: "'leaving@club.test' 관리자 계정이 삭제되었습니다 (세션 1개 종료)",
      });
      expect(await findAdministratorByEmail(db, "leaving@club.test")).toBeUndefined();
      await expect(findActiveSession(db, session.token)).resolves.toBeUndefined();
      expect(await audit("'leaving@club.test' 관리자 계정이 삭제되었습니다 (세션 1개 종료)")).toEqual([
        { category: "account", type: "normal", actor: MANAGER, error: null },
      ]);
      const gone = await db
        .selectFrom("manager_links")
        .select("id")
        .where("administrator_id", "=", leaving.id)
        .execute();
      expect(gone).toEqual([]);
      expect((await send({ intent: "remove", id: leaving.id })).status).toBe(404);

      const own = await findAdministratorByEmail(db, MANAGER);
      const self = await send({ intent: "remove", id: own?.id ?? "" });
      expect(self).toMatchObject({ status: 400 });
      expect(self.body.message).toContain("자기 계정은 여기서 삭제할 수 없습니다.");

      // Everyone but one goes (the acting manager's own account too, by another's hand).
      const [last, ...others] = await listManagers(db);
      await db
        .deleteFrom("administrators")
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
      expect(await listManagers(db)).toHaveLength(1);
      expect(await audit(`'${last?.email}' 관리자 계정 삭제에 실패했습니다`)).toEqual([
        expect.objectContaining({ type: "failure", actor: MANAGER }),
      ]);
    });
  });

  test("two managers removing each other at once leave one of them", async () => {
    const { db } = services();
    await db.deleteFrom("administrators").execute();
    const one = await createAdministrator(db, { email: "one@club.test", password: "one-password", actor: "system" });
    const two = await createAdministrator(db, { email: "two@club.test", password: "two-password", actor: "system" });
    // The first removal holds its transaction open until the second has finished, or for half a
    // second if the second has to wait for it, as it must: it may count only what the first left.
    let secondDone = () => {};
    const second = new Promise<void>((resolve) => {
      secondDone = resolve;
    });
    const first = db.transaction().execute(async (trx) => {
      await removeAdministrator(trx, two.id);
      await Promise.race([second, new Promise((resolve) => setTimeout(resolve, 500))]);
    });
    const results = await Promise.allSettled([
      first,
      db
        .transaction()
        .execute((trx) => removeAdministrator(trx, one.id))
        .finally(secondDone),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected"]);
    expect(results[1]).toMatchObject({ reason: expect.any(LastAdministratorError) });
    expect((await listManagers(db)).map((manager) => manager.email)).toEqual(["one@club.test"]);
  });

  test("a link's token never reaches the request log", () => {
    const token = "a".repeat(43);
    expect(withoutLinkToken(`/admin/invite/${token}`)).toBe("/admin/invite/…");
    expect(withoutLinkToken(`/admin/reset-password/${token}.data?x=1`)).toBe("/admin/reset-password/….data?x=1");
    expect(withoutLinkToken("/admin/manage-managers")).toBe("/admin/manage-managers");
  });
});
