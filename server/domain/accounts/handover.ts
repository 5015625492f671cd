import { COMMAND_LINE_BACKUP, DOWNLOADED_BACKUP } from "#server/backup/endpoints.ts";
import { scheduledBackupStatus } from "#server/backup/schedule-status.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/database.ts";
import { getLeaders } from "#server/domain/leaders/leaders.ts";
import { getSiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { listAccounts } from "./accounts.ts";
import { listOpenInvitations } from "./links.ts";

/**
 * What the outgoing owner checks before handing the site on, in one place (/admin/handover):
 * who has access and when each last signed in, open invitations, the leaders record, the
 * club's contact details and the last backup (the scheduled one, and the last one downloaded or
 * made on the command line, from the audit log). The changes it offers are the accounts type's
 * commands.
 */
export async function handoverOverview(db: Db, config: Config) {
  const [accounts, invitations, leaders, settings, scheduled, lastCopy] = await Promise.all([
    listAccounts(db),
    listOpenInvitations(db),
    getLeaders(db),
    getSiteSettings(db),
    scheduledBackupStatus(db, config),
    lastBackupCopy(db),
  ]);
  const [president, ...vicePresidents] = leaders.value.leaders;
  const { email, address, clubName } = settings.value;
  return {
    accounts,
    invitations,
    leaders: { president, vicePresidents },
    contact: { clubName, email, address },
    scheduledBackup: scheduled,
    lastCopy,
  };
}

/** The last backup downloaded from /admin/backup or made with `npm run backup`, by its audit entry. */
async function lastBackupCopy(db: Db) {
  const row = await db
    .selectFrom("audit_log")
    .select(["time", "content", "actor"])
    .where("category", "=", "backup")
    .where("type", "=", "normal")
    .where((eb) =>
      eb.or([eb("content", "like", `${DOWNLOADED_BACKUP}%`), eb("content", "like", `${COMMAND_LINE_BACKUP}%`)]),
    )
    .orderBy("time", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? { at: row.time, content: row.content, actor: row.actor } : null;
}
