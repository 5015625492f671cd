import type { Db } from "#server/db/database.ts";
import type { SignedInAuthor } from "#server/domain/write/content-type.ts";
import { findAccountById } from "./accounts.ts";
import { acceptAuthenticatorCode } from "./authenticator-app.ts";
import { verifyPassword } from "./passwords.ts";
import { type AccountClock, attemptKey, clientOf, countedRefusal, refuseWhenLimited } from "./sign-in-steps.ts";

/**
 * The account page asks again for what proves the manager before a change that could keep out
 * its owner or let someone else in later (a new password, adding a passkey, turning the app on
 * or off, new recovery codes), so a session left open elsewhere cannot do it. A wrong answer is
 * a field's refusal, counted with the sign-in limiter as a wrong password is.
 */

/** The current password, asked again: checked while the form is read (a slow hash, outside any transaction). */
export async function checkPasswordAgain(
  db: Db,
  by: SignedInAuthor,
  password: string,
  clock: AccountClock,
  field = "password",
): Promise<void> {
  const key = attemptKey(clientOf(by), by.account.email);
  await refuseWhenLimited(db, key, clock, "비밀번호 확인");
  const stored = await findAccountById(db, by.account.id);
  if (stored && (await verifyPassword(password, stored.password_hash))) return;
  throw await countedRefusal(db, {
    key,
    clock,
    reason: "비밀번호가 올바르지 않습니다",
    message: "현재 비밀번호가 올바르지 않습니다.",
    field,
    status: 400,
    what: "비밀번호 확인",
  });
}

/** Whether a code-check may be tried now (before the transaction): refused while limited. */
export async function refuseCodeWhenLimited(db: Db, by: SignedInAuthor, clock: AccountClock): Promise<void> {
  await refuseWhenLimited(db, attemptKey(clientOf(by), by.account.email), clock, "인증 코드 확인");
}

/** A code from the authenticator app, asked again and spent, in the change's transaction. */
export async function checkCodeAgain(
  trx: Db,
  by: SignedInAuthor,
  code: string,
  clock: AccountClock,
  field = "code",
): Promise<void> {
  if (await acceptAuthenticatorCode(trx, by.account.id, code, clock.now())) return;
  throw await countedRefusal(trx, {
    key: attemptKey(clientOf(by), by.account.email),
    clock,
    reason: "인증 코드가 올바르지 않습니다",
    message: "코드가 맞지 않습니다. 인증 앱에 지금 보이는 코드를 입력해 주세요.",
    field,
    status: 400,
    what: "인증 코드 확인",
  });
}
