import { AccountExistsError, insertAccount, replacePassword } from "#server/domain/accounts/accounts.ts";
import { hashPassword } from "#server/domain/accounts/passwords.ts";
import { formValues } from "#server/domain/write/form-input.ts";
import { failWrite, runWrite, type WriteDescription } from "#server/domain/write/run-write.ts";
import { FieldError, failureAnswer } from "#server/failures.ts";
import type { Services } from "#server/services.ts";
import type { WriteResult } from "#shared/write-result.ts";
import { findLink, type LinkPurpose, type OpenLink, spendLink, UnusableLinkError } from "./links.ts";
import { accountFields, resetFields } from "./manage.ts";

/**
 * What the two public pages a link opens do: create the invited person's account, or set the
 * new password of the account a reset link was made for. Nobody is signed in there, so the link
 * itself is the permission; each use is the one admin write (`runWrite`: one transaction with
 * the link spent and its audit entry), named after the person using it.
 */
type WriteServices = Pick<Services, "db" | "storage" | "logger" | "pageCache">;

/** The answer when the link no longer works: 404 or 410, with what to do next. */
async function openLinkOr(
  services: WriteServices,
  purpose: LinkPurpose,
  token: string,
  now: Date,
): Promise<OpenLink | WriteResult<never>> {
  const found = await findLink(services.db, purpose, token, now);
  return found.state === "open" ? found.link : failureAnswer(new UnusableLinkError(found.state));
}

function isAnswer(value: OpenLink | WriteResult<never>): value is WriteResult<never> {
  return "ok" in value;
}

/** Creates the invited person's account with the address and password they chose. */
export async function acceptInvitation(
  services: WriteServices,
  token: string,
  form: FormData,
  now: Date = new Date(),
): Promise<WriteResult<{ email: string }>> {
  const link = await openLinkOr(services, "invite", token, now);
  if (isAnswer(link)) return link;
  const invited = `'${link.note}'`;
  const fields = accountFields.safeParse(formValues(form, ["email", "newPassword", "confirmPassword"]));
  // Named after the address they chose; one that is not an address yet is named by the invitation.
  const actor = fields.success ? fields.data.email : `${invited} 초대 링크`;
  const description: WriteDescription<{ email: string }> = {
    category: "account",
    success: ({ email }) => `'${email}' 관리자 계정이 초대 링크로 추가되었습니다 (${invited} 초대, ${link.createdBy})`,
    failure: `${invited} 초대 링크로 관리자 계정을 만들지 못했습니다`,
  };
  if (!fields.success) return failWrite(services, actor, description, fields.error);
  const { email, newPassword } = fields.data;
  const passwordHash = await hashPassword(newPassword);
  return runWrite(services, actor, description, async (trx) => {
    await spendLink(trx, link.id, now);
    try {
      await insertAccount(trx, { email, passwordHash }, now);
    } catch (error) {
      if (error instanceof AccountExistsError) {
        throw new FieldError(
          "email",
          "이미 관리자 계정이 있는 이메일입니다. 다른 이메일을 입력하거나, 그 계정으로 로그인해 주세요.",
        );
      }
      throw error;
    }
    return { email };
  });
}

/** Sets the new password of the account the link was made for, and ends all its sessions. */
export async function resetPasswordWithLink(
  services: WriteServices,
  token: string,
  form: FormData,
  now: Date = new Date(),
): Promise<WriteResult<{ email: string; endedSessions: number }>> {
  const link = await openLinkOr(services, "reset", token, now);
  if (isAnswer(link)) return link;
  const { accountId, email } = link;
  // The account was removed after the link was made: the link went with it, so this is rare.
  if (!accountId || !email) return failureAnswer(new UnusableLinkError("unknown"));
  const description: WriteDescription<{ email: string; endedSessions: number }> = {
    category: "account",
    success: ({ endedSessions }) =>
      `'${email}' 관리자의 비밀번호가 재설정 링크로 변경되었습니다 (세션 ${endedSessions}개 종료, 링크를 만든 관리자 ${link.createdBy})`,
    failure: `'${email}' 관리자의 비밀번호를 재설정 링크로 바꾸지 못했습니다`,
  };
  const fields = resetFields.safeParse(formValues(form, ["newPassword", "confirmPassword"]));
  if (!fields.success) return failWrite(services, email, description, fields.error);
  const passwordHash = await hashPassword(fields.data.newPassword);
  return runWrite(services, email, description, async (trx) => {
    await spendLink(trx, link.id, now);
    return { email, endedSessions: await replacePassword(trx, accountId, passwordHash) };
  });
}
