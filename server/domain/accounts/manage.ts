import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import {
  deleteAccountById,
  findAccountById,
  LAST_OWNER,
  LastAccountError,
  LastOwnerError,
  listAccounts,
} from "#server/domain/accounts/accounts.ts";
import { emailAddressSchema } from "#server/domain/accounts/email.ts";
import { newPasswordFields, passwordsAgree } from "#server/domain/accounts/password-form.ts";
import { recordId } from "#server/domain/write/form-input.ts";
import { requiredText } from "#server/domain/write/text-schemas.ts";
import { BadRequestError, ConflictError, RecordNotFoundError } from "#server/failures.ts";
import { ROLES, type Role } from "#shared/roles.ts";
import { createLink, type NewLink, openResetLinks } from "./links.ts";

/**
 * Managers from the web: the accounts and open invitations the managers' page lists, and what a
 * manager changes there (invite someone, cancel an invitation, remove an account, make a reset
 * link for someone who forgot their password). The changes run inside the one admin write
 * (see admin.ts); the links themselves are in links.ts.
 */

export const NOTE_MAX_LENGTH = 60;

/** A role chosen on a form. */
export const roleField = z.enum(ROLES, { error: "역할을 소유자 또는 편집자 중에서 골라 주세요." });

/** The invitation form: who it is for, in the inviter's words, and the role the account gets. */
export const invitationFields = z.object({
  note: requiredText("누구를 초대하는지", "받는 사람은", NOTE_MAX_LENGTH),
  role: roleField,
});

/** A form naming one account or one invitation. */
export const targetFields = z.object({ id: recordId });

/** What an invited person chooses: the address they sign in with and a password, typed twice. */
export const accountFields = z
  .object({
    email: z
      .string({ error: "이메일을 입력해 주세요." })
      .trim()
      .min(1, "이메일을 입력해 주세요.")
      .pipe(emailAddressSchema("이메일 주소 형식이 올바르지 않습니다.")),
    ...newPasswordFields("비밀번호"),
  })
  .check(passwordsAgree("비밀번호"));

/** A new password set with a reset link, typed twice. */
export const resetFields = z.object({ ...newPasswordFields("새 비밀번호") }).check(passwordsAgree("새 비밀번호"));

/** Every account with its last sign-in and its open reset link, if any, by address. */
export async function listAccountsWithResetLinks(db: Db, now: Date = new Date()) {
  const [accounts, resets] = await Promise.all([listAccounts(db, now), openResetLinks(db, now)]);
  return accounts.map((account) => ({
    id: account.id,
    email: account.email,
    role: account.role,
    createdAt: account.createdAt,
    lastSignedInAt: account.lastSignedInAt,
    accessEndsAt: account.accessEndsAt,
    activeSessions: account.activeSessions,
    resetLinkExpiresAt: resets[account.id] ?? null,
  }));
}

/** The address of an account, for the messages of a change to it ("" when there is none). */
export async function accountEmail(db: Db, id: string): Promise<string> {
  return (await findAccountById(db, id))?.email ?? "";
}

/** An open invitation's note, for the messages of cancelling it. */
export async function invitationNote(db: Db, id: string): Promise<string> {
  const row = await db
    .selectFrom("account_links")
    .select("note")
    .where("id", "=", id)
    .where("purpose", "=", "invite")
    .executeTakeFirst();
  return row?.note ?? "";
}

export function createInvitation(trx: Db, input: { note: string; role: Role }, actor: string): Promise<NewLink> {
  return createLink(trx, { purpose: "invite", note: input.note, role: input.role, createdBy: actor });
}

/** Withdraws an invitation nobody has used yet; a used or missing one is a 404. */
export async function cancelInvitation(trx: Db, id: string): Promise<void> {
  const deleted = await trx
    .deleteFrom("account_links")
    .where("id", "=", id)
    .where("purpose", "=", "invite")
    .where("used_at", "is", null)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw new RecordNotFoundError();
}

/** Removes another manager's account and ends their sessions; never one's own, never the last. */
export async function removeAccount(trx: Db, id: string, actor: string): Promise<{ endedSessions: number }> {
  const account = await findAccountById(trx, id);
  if (!account) throw new RecordNotFoundError();
  if (account.email === actor) {
    throw new BadRequestError("자기 계정은 여기서 삭제할 수 없습니다. 다른 관리자에게 삭제를 부탁하세요.");
  }
  try {
    const endedSessions = await deleteAccountById(trx, id);
    if (endedSessions === undefined) throw new RecordNotFoundError();
    return { endedSessions };
  } catch (error) {
    if (error instanceof LastAccountError) {
      throw new ConflictError("마지막 관리자 계정은 삭제할 수 없습니다. 먼저 다른 관리자를 초대해 주세요.");
    }
    if (error instanceof LastOwnerError) throw new ConflictError(LAST_OWNER);
    throw error;
  }
}

/** A reset link for another manager's account, replacing any older one of theirs. */
export async function createResetLink(trx: Db, id: string, actor: string): Promise<NewLink> {
  const account = await findAccountById(trx, id);
  if (!account) throw new RecordNotFoundError();
  if (account.email === actor) {
    throw new BadRequestError("자기 비밀번호는 비밀번호 변경 화면에서 바꿔 주세요.");
  }
  return createLink(trx, { purpose: "reset", accountId: id, createdBy: actor });
}
