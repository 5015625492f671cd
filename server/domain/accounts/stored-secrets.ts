import type { Db } from "#server/db/database.ts";
import { runWrite } from "#server/domain/write/run-write.ts";
import type { Services } from "#server/services.ts";
import { isSealed, openSecret, sealSecret, UnreadableSecretError } from "./secret-box.ts";

/**
 * Brings the stored authenticator-app secrets in line with this site's secrets key, at start
 * (after the migrations) and after a restore from the command line:
 *
 * - a secret stored before sealing existed is sealed;
 * - a secret sealed with another key (a backup restored where its key is missing or different)
 *   cannot make a code any more: that app and its recovery codes are removed, so the account
 *   signs in with its password (and passkeys) and sets the app up again, rather than being
 *   asked for codes nobody can check.
 *
 * Nothing is written when everything is in order; otherwise one audited write says what changed
 * and names the accounts that must set up their second factor again.
 */
export interface SecretsCheck {
  sealed: number;
  /** The addresses of the accounts whose authenticator app was removed. */
  removed: string[];
}

type WriteServices = Pick<Services, "db" | "storage" | "logger" | "pageCache">;

async function inspect(db: Db) {
  const rows = await db
    .selectFrom("totp_factors")
    .innerJoin("accounts", "accounts.id", "totp_factors.account_id")
    .select(["totp_factors.account_id", "totp_factors.secret", "accounts.email"])
    .orderBy("accounts.email")
    .execute();
  const plain = rows.filter((row) => !isSealed(row.secret));
  const unreadable = rows.filter((row) => {
    if (!isSealed(row.secret)) return false;
    try {
      openSecret(row.secret);
      return false;
    } catch (error) {
      if (error instanceof UnreadableSecretError) return true;
      throw error;
    }
  });
  return { plain, unreadable };
}

export async function secureStoredSecrets(services: WriteServices): Promise<SecretsCheck> {
  const found = await inspect(services.db);
  if (found.plain.length === 0 && found.unreadable.length === 0) return { sealed: 0, removed: [] };
  const description = {
    category: "account" as const,
    success: (result: SecretsCheck) => {
      const entries = [
        ...(result.sealed > 0 ? [`저장된 인증 앱 비밀값 ${result.sealed}개를 암호화했습니다`] : []),
        ...result.removed.map(
          (email) =>
            `'${email}' 관리자의 인증 앱을 지웠습니다: 이 사이트의 비밀 키로 열 수 없습니다(다른 키로 만든 백업에서 복원). 인증 앱을 다시 설정해야 합니다`,
        ),
      ];
      return { message: entries.join(". "), entries };
    },
    failure: "저장된 인증 앱 비밀값을 점검하지 못했습니다",
  };
  const result = await runWrite(services, "system", description, async (trx) => {
    // Read again inside the transaction: another instance starting at once may have sealed them.
    const { plain, unreadable } = await inspect(trx);
    for (const row of plain) {
      await trx
        .updateTable("totp_factors")
        .set({ secret: sealSecret(row.secret) })
        .where("account_id", "=", row.account_id)
        .where("secret", "=", row.secret)
        .execute();
    }
    for (const row of unreadable) {
      await trx.deleteFrom("totp_factors").where("account_id", "=", row.account_id).execute();
      await trx.deleteFrom("recovery_codes").where("account_id", "=", row.account_id).execute();
    }
    return { sealed: plain.length, removed: unreadable.map((row) => row.email) };
  });
  if (!result.ok) throw new Error(`The stored secrets could not be checked: ${result.message}`);
  return result.data as SecretsCheck;
}
