import { z } from "zod";
import { command } from "#server/domain/write/content-type.ts";
import { formValues } from "#server/domain/write/form-input.ts";
import { BadRequestError, NotFoundError } from "#server/failures.ts";
import { checkPasswordAgain } from "./account-checks.ts";
import { replacePassword } from "./accounts.ts";
import { newPasswordFields, passwordsAgree } from "./password-form.ts";
import { hashPassword, MAX_PASSWORD_LENGTH } from "./passwords.ts";
import { describeDevice } from "./session-devices.ts";
import { createSession, deleteSession, deleteSessionsOf, type NewSession } from "./sessions.ts";
import { type AccountClock, clientOf } from "./sign-in-steps.ts";

/**
 * What a signed-in manager does to their own sign-in: a new password (which renews this session
 * and ends the others), signing out, and ending other sessions, each a command with its entry.
 */
export const passwordChangeFields = z
  .object({
    currentPassword: z
      .string({ error: "현재 비밀번호를 입력해 주세요." })
      .min(1, "현재 비밀번호를 입력해 주세요.")
      .max(MAX_PASSWORD_LENGTH, "비밀번호가 너무 깁니다."),
    ...newPasswordFields("새 비밀번호"),
  })
  .check(passwordsAgree("새 비밀번호"))
  .check((ctx) => {
    const { currentPassword, newPassword } = ctx.value;
    if (newPassword === currentPassword) {
      ctx.issues.push({
        code: "custom",
        input: newPassword,
        path: ["newPassword"],
        message: "새 비밀번호가 현재 비밀번호와 같습니다. 다른 비밀번호를 입력해 주세요.",
      });
    }
  });

export interface ChangedPassword {
  endedSessions: number;
  /** The session that replaces this one (a new id after a credential change): the page's new cookie. */
  session: NewSession;
}

export function changePassword(clock: AccountClock) {
  return command({
    describe: (_form, _db, by) => {
      const { email } = by.account;
      return {
        category: "account",
        success: ({ endedSessions }: ChangedPassword) => ({
          message:
            endedSessions > 0
              ? `비밀번호를 변경했습니다. 다른 기기와 브라우저에 남아 있던 로그인 ${endedSessions}개를 종료했습니다.`
              : "비밀번호를 변경했습니다. 다른 곳에 남아 있던 로그인은 없었습니다.",
          entries: [`'${email}' 관리자의 비밀번호가 변경되었습니다 (다른 세션 ${endedSessions}개 종료)`],
        }),
        failure: `'${email}' 관리자의 비밀번호를 바꾸지 못했습니다`,
      };
    },
    read: async (form, db, by) => {
      const fields = passwordChangeFields.parse(
        formValues(form, ["currentPassword", "newPassword", "confirmPassword"]),
      );
      // A wrong current password counts like a failed sign-in, so a session left open on a shared
      // computer cannot be used to guess the password.
      await checkPasswordAgain(db, by, fields.currentPassword, clock, "currentPassword");
      return { passwordHash: await hashPassword(fields.newPassword) };
    },
    run: async (trx, _files, { passwordHash }, by): Promise<ChangedPassword> => {
      const { account } = by;
      const endedSessions = await replacePassword(trx, account.id, passwordHash, account.sessionId);
      await deleteSessionsOf(trx, account.id);
      const client = clientOf(by);
      const session = await createSession(trx, account.id, account.persistent, clock.now(), {
        userAgent: client.userAgent,
        address: client.address,
      });
      return { endedSessions, session };
    },
  });
}

export const signOut = command({
  describe: (_form, _db, by) => ({
    category: "account",
    success: `'${by.account.email}' 계정에서 로그아웃했습니다`,
    failure: `'${by.account.email}' 계정에서 로그아웃하지 못했습니다`,
  }),
  read: () => undefined,
  run: async (trx, _files, _input, by) => {
    await deleteSession(trx, by.account.sessionId);
  },
});

/** "Sign out everywhere else": every other session of the manager ends. */
export const endOtherSessions = command({
  describe: (_form, _db, by) => ({
    category: "account",
    success: (ended: number) => ({
      message:
        ended > 0 ? `다른 기기와 브라우저의 로그인 ${ended}개를 종료했습니다.` : "종료할 다른 로그인이 없었습니다.",
      entries: [`'${by.account.email}' 관리자가 다른 세션 ${ended}개를 종료했습니다`],
    }),
    failure: `'${by.account.email}' 관리자가 다른 세션을 종료하지 못했습니다`,
  }),
  read: () => undefined,
  run: (trx, _files, _input, by) => deleteSessionsOf(trx, by.account.id, by.account.sessionId),
});

export const endSessionFields = z.object({ sessionId: z.string().max(128) });

/** Ends one other session of the manager, named by its id (the account page's list). */
export function endSession(clock: AccountClock) {
  return command({
    describe: (_form, _db, by) => ({
      category: "account",
      success: ({ device, address }: { device: string; address: string }) => ({
        message: `${device}의 로그인을 종료했습니다. 그곳에서는 다시 로그인해야 합니다.`,
        entries: [`'${by.account.email}' 관리자가 다른 세션 하나를 종료했습니다 (${device}, 접속 주소 ${address})`],
      }),
      failure: `'${by.account.email}' 관리자가 다른 세션을 종료하지 못했습니다`,
    }),
    read: (form, _db, by) => {
      const { sessionId } = endSessionFields.parse(formValues(form, ["sessionId"]));
      if (sessionId === by.account.sessionId) {
        throw new BadRequestError("지금 이 브라우저의 로그인은 여기서 종료할 수 없습니다. 로그아웃을 눌러 주세요.");
      }
      return sessionId;
    },
    run: async (trx, _files, sessionId, by) => {
      // Only the manager's own: an id of someone else's session ends nothing.
      const row = await trx
        .selectFrom("sessions")
        .select(["user_agent", "client_address"])
        .where("id", "=", sessionId)
        .where("account_id", "=", by.account.id)
        .where("expires_at", ">", clock.now().toISOString())
        .executeTakeFirst();
      // Two clicks at once: only the one that deleted the row ends it.
      if (!row || !(await deleteSession(trx, sessionId))) {
        throw new NotFoundError("이미 종료되었거나 없는 로그인입니다.");
      }
      return { device: describeDevice(row.user_agent), address: row.client_address ?? "알 수 없음" };
    },
  });
}
