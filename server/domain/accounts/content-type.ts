import { type ContentType, command, NO_FILES } from "#server/domain/write/content-type.ts";
import { formText, formValues } from "#server/domain/write/form-input.ts";
import type { WriteDescription } from "#server/domain/write/run-write.ts";
import { isRole, roleLabels } from "#shared/roles.ts";
import { beginApp, cancelApp, confirmApp, removeApp, renewRecoveryCodes } from "./authenticator-app-commands.ts";
import { acceptInvitation, resetPasswordWithLink } from "./link-pages.ts";
import type { NewLink } from "./links.ts";
import {
  accountEmail,
  cancelInvitation,
  createInvitation,
  createResetLink,
  invitationFields,
  invitationNote,
  removeAccount,
  targetFields,
} from "./manage.ts";
import { changePassword, endOtherSessions, endSession, signOut } from "./own-account.ts";
import { ownerCommands } from "./owner-commands.ts";
import { addPasskey, beginPasskey, removePasskeyCommand, renamePasskeyCommand } from "./passkey-commands.ts";
import { passkeySignIn } from "./passkey-sign-in.ts";
import { passwordSignIn } from "./password-sign-in.ts";
import { secondFactorSignIn } from "./second-factor-sign-in.ts";
import { type AccountCommandOptions, accountClock } from "./sign-in-steps.ts";

const readTarget = (form: FormData) => targetFields.parse(formValues(form, ["id"])).id;

const roleLabelOf = (value: string) => (isRole(value) ? roleLabels[value] : "역할 없음");

/** "'김코딩'" or nothing, for a name that may be missing from a form no page sends. */
const quoted = (name: string) => (name.trim() ? `'${name.trim().slice(0, 60)}' ` : "");

/**
 * The accounts of the managers who sign in to this admin area, managed by each other: invite
 * someone with a one-time link, remove an account, and make a reset link for someone who forgot
 * their password. The first account and emergencies stay with the command line (scripts/admin.ts).
 */
export const accountsContent: ContentType = {
  name: "accounts",
  category: "account",
  noun: "관리자 계정",
  files: NO_FILES,
  // No public page shows accounts.
  publicPages: [],
  // Managers, invitations, roles and others' sign-in security are the owner's.
  role: "owner",
  adminPage: {
    path: "/admin/manage-managers",
    title: "관리자 계정",
    section: "operations",
    counts: [{ label: "계정", table: "accounts" }],
  },
  commands: {
    invite: command({
      describe: (form): WriteDescription<NewLink> => ({
        category: "account",
        success: `${quoted(formText(form, "note"))}관리자 초대 링크가 만들어졌습니다 (${roleLabelOf(formText(form, "role"))}, 48시간 동안 한 번 쓸 수 있습니다)`,
        failure: `${quoted(formText(form, "note"))}관리자 초대 링크를 만들지 못했습니다`,
      }),
      read: (form) => invitationFields.parse(formValues(form, ["note", "role"])),
      run: (trx, _files, input, by) => createInvitation(trx, input, by.actor),
    }),
    "cancel-invite": command({
      describe: async (form, db) => {
        const note = quoted(await invitationNote(db, formText(form, "id")));
        return {
          category: "account",
          success: `${note}관리자 초대 링크가 취소되었습니다`,
          failure: `${note}관리자 초대 링크를 취소하지 못했습니다`,
        };
      },
      read: readTarget,
      run: (trx, _files, id) => cancelInvitation(trx, id),
    }),
    remove: command({
      describe: async (form, db): Promise<WriteDescription<{ endedSessions: number }>> => {
        const email = quoted(await accountEmail(db, formText(form, "id")));
        return {
          category: "account",
          success: ({ endedSessions }) => `${email}관리자 계정이 삭제되었습니다 (세션 ${endedSessions}개 종료)`,
          failure: `${email}관리자 계정 삭제에 실패했습니다`,
        };
      },
      read: readTarget,
      run: (trx, _files, id, by) => removeAccount(trx, id, by.actor),
    }),
    "reset-link": command({
      describe: async (form, db): Promise<WriteDescription<NewLink>> => {
        const email = quoted(await accountEmail(db, formText(form, "id")));
        return {
          category: "account",
          success: `${email}관리자의 비밀번호 재설정 링크가 만들어졌습니다 (48시간 동안 한 번 쓸 수 있습니다)`,
          failure: `${email}관리자의 비밀번호 재설정 링크를 만들지 못했습니다`,
        };
      },
      read: readTarget,
      run: (trx, _files, id, by) => createResetLink(trx, id, by.actor),
    }),
    ...ownerCommands,
  },
};

/**
 * What a manager does with their own account: no admin page lists it, no public page shows it,
 * and it holds no files.
 */
function ownAccountContent(name: string, noun: string, commands: ContentType["commands"]): ContentType {
  return { name, category: "account", noun, files: NO_FILES, publicPages: [], commands };
}

/**
 * How a manager gets in and proves who they are: signing in (a password, its second factor, a
 * passkey), the pages a one-time link opens, a new password, signing out and adding a passkey.
 * These are the commands whose pages answer with cookies or redirects, so their route actions run
 * them (through `writeFromRequest`, the same path) and /admin/api does not serve them: an answer
 * of theirs carries a session's or a step's token, which goes into a cookie and nowhere else.
 * `options` sets the clock and the limiter's policy (tests).
 */
export function credentialsContent(options: AccountCommandOptions = {}): ContentType {
  const clock = accountClock(options);
  return ownAccountContent("credentials", "로그인", {
    password: passwordSignIn(clock),
    code: secondFactorSignIn(clock),
    passkey: passkeySignIn(clock),
    "accept-invite": acceptInvitation(clock),
    "reset-password": resetPasswordWithLink(clock),
    "change-password": changePassword(clock),
    "sign-out": signOut,
    "passkey-begin": beginPasskey(clock),
    "passkey-add": addPasskey(clock),
  });
}

export const credentials = credentialsContent();

/**
 * What a signed-in manager changes on their own account pages and is answered in JSON like any
 * admin form: their other sessions, their passkeys' names, the authenticator app and its
 * recovery codes. Served at /admin/api/my-account.
 */
export function myAccountContent(options: AccountCommandOptions = {}): ContentType {
  const clock = accountClock(options);
  return ownAccountContent("my-account", "내 계정", {
    "end-session": endSession(clock),
    "end-other-sessions": endOtherSessions,
    "rename-passkey": renamePasskeyCommand,
    "remove-passkey": removePasskeyCommand,
    "app-begin": beginApp(clock),
    "app-cancel": cancelApp,
    "app-confirm": confirmApp(clock),
    "app-remove": removeApp(clock),
    "recovery-renew": renewRecoveryCodes(clock),
  });
}

export const myAccount = myAccountContent();
