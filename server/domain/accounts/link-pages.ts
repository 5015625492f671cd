import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { command } from "#server/domain/write/content-type.ts";
import { formValues } from "#server/domain/write/form-input.ts";
import { FieldError } from "#server/failures.ts";
import { roleLabels } from "#shared/roles.ts";
import { AccountExistsError, insertAccount, replacePassword } from "./accounts.ts";
import { findLink, type LinkPurpose, type OpenLink, spendLink, UnusableLinkError } from "./links.ts";
import { accountFields, resetFields } from "./manage.ts";
import { hashPassword } from "./passwords.ts";
import type { AccountClock } from "./sign-in-steps.ts";

/**
 * What the two public pages a link opens do: create the invited person's account, or set the
 * new password of the account a reset link was made for. Nobody is signed in there, so the link
 * itself is the permission (its token comes from the page's address); each use is a command
 * that spends the link in the same transaction as the change, named after the person using it.
 */
const tokenField = z.object({ token: z.string().max(128) });

/** The open link a form's token names; undefined when it names nothing or no longer works. */
async function openLink(db: Db, purpose: LinkPurpose, form: FormData, now: Date): Promise<OpenLink | undefined> {
  const { token } = tokenField.parse(formValues(form, ["token"]));
  const found = await findLink(db, purpose, token, now);
  return found.state === "open" ? found.link : undefined;
}

/** The link a form's token names, or the refusal that says why it no longer works (404, 410). */
async function usableLink(db: Db, purpose: LinkPurpose, form: FormData, now: Date): Promise<OpenLink> {
  const { token } = tokenField.parse(formValues(form, ["token"]));
  const found = await findLink(db, purpose, token, now);
  if (found.state !== "open") throw new UnusableLinkError(found.state);
  // A reset link's account was removed after the link was made: the link went with it.
  if (purpose === "reset" && !found.link.accountId) throw new UnusableLinkError("unknown");
  return found.link;
}

/** Creates the invited person's account with the address and password they chose. */
export function acceptInvitation(clock: AccountClock) {
  return command({
    access: "anyone",
    describe: async (form, db) => {
      const link = await openLink(db, "invite", form, clock.now());
      const invited = link ? `'${link.note}' ` : "";
      const chosen = accountFields.shape.email.safeParse(formValues(form, ["email"]).email);
      return {
        category: "account",
        // Named after the address they chose; one that is not an address yet by the invitation.
        actor: chosen.success ? chosen.data : `${invited}초대 링크`,
        success: ({ email }: { email: string }) =>
          `'${email}' 관리자 계정이 초대 링크로 추가되었습니다 (${invited}초대, ${roleLabels[link?.role ?? "editor"]}, ${link?.createdBy ?? ""})`,
        failure: `${invited}초대 링크로 관리자 계정을 만들지 못했습니다`,
      };
    },
    read: async (form, db) => {
      const link = await usableLink(db, "invite", form, clock.now());
      const { email, newPassword } = accountFields.parse(formValues(form, ["email", "newPassword", "confirmPassword"]));
      return { link, email, passwordHash: await hashPassword(newPassword) };
    },
    run: async (trx, _files, { link, email, passwordHash }) => {
      const now = clock.now();
      await spendLink(trx, link.id, now);
      try {
        await insertAccount(trx, { email, passwordHash, role: link.role }, now);
      } catch (error) {
        if (!(error instanceof AccountExistsError)) throw error;
        throw new FieldError(
          "email",
          "이미 관리자 계정이 있는 이메일입니다. 다른 이메일을 입력하거나, 그 계정으로 로그인해 주세요.",
        );
      }
      return { email };
    },
  });
}

/** Sets the new password of the account the link was made for, and ends all its sessions. */
export function resetPasswordWithLink(clock: AccountClock) {
  return command({
    access: "anyone",
    describe: async (form, db) => {
      const link = await openLink(db, "reset", form, clock.now());
      const named = link?.email ? `'${link.email}' ` : "";
      return {
        category: "account",
        actor: link?.email ?? "재설정 링크",
        success: ({ endedSessions }: { endedSessions: number }) =>
          `${named}관리자의 비밀번호가 재설정 링크로 변경되었습니다 (세션 ${endedSessions}개 종료, 링크를 만든 관리자 ${link?.createdBy ?? ""})`,
        failure: `${named}관리자의 비밀번호를 재설정 링크로 바꾸지 못했습니다`,
      };
    },
    read: async (form, db) => {
      const link = await usableLink(db, "reset", form, clock.now());
      const { newPassword } = resetFields.parse(formValues(form, ["newPassword", "confirmPassword"]));
      return { link, passwordHash: await hashPassword(newPassword) };
    },
    run: async (trx, _files, { link, passwordHash }) => {
      await spendLink(trx, link.id, clock.now());
      return { endedSessions: await replacePassword(trx, link.accountId ?? "", passwordHash) };
    },
  });
}
