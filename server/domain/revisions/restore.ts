import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { type AdminCommand, command } from "#server/domain/write/content-type.ts";
import { formValues, recordTarget } from "#server/domain/write/form-input.ts";
import type { WriteDescription } from "#server/domain/write/run-write.ts";
import { RecordNotFoundError } from "#server/failures.ts";
import type { AuditCategory } from "#shared/audit-categories.ts";
import { formatDateTime } from "#shared/dates.ts";
import { objectParticle } from "#shared/korean.ts";
import { type History, readRevision } from "./revisions.ts";

const restoreForm = recordTarget.extend({
  revision: z.string().regex(/^[0-9a-z]{1,64}$/, "되돌릴 버전을 찾을 수 없습니다. 새로 고침한 뒤 다시 골라 주세요."),
});

/** "2026. 11. 20. 14:02:05", how a revision is named in messages: saves a minute apart differ. */
export function revisionTime(instant: string): string {
  return formatDateTime(instant, { seconds: true });
}

/**
 * The `restore` command of a type with a history: the form names the record (`id`, with the
 * `version` its page was loaded at) and one of its revisions; the revision's state is written
 * back through the type's own checks, which keeps a new revision marked "restore".
 * `name` says what the record is called in the messages ("'해커톤 후기' 게시글", "회칙").
 */
export function restoreCommand(
  category: AuditCategory,
  history: History,
  name: (db: Db, id: string) => Promise<string>,
): AdminCommand<z.infer<typeof restoreForm>, unknown> {
  return command({
    describe: async (form, db): Promise<WriteDescription> => {
      const input = restoreForm.safeParse(formValues(form, ["id", "version", "revision"]));
      const what = input.success ? await name(db, input.data.id) : "내용";
      const kept = input.success ? await readRevision(db, history, input.data.id, input.data.revision) : undefined;
      const when = kept ? `${revisionTime(kept.createdAt)} 버전으로` : "이전 버전으로";
      return {
        category,
        success: `${what}${objectParticle(what)} ${when} 되돌렸습니다`,
        failure: `${what}${objectParticle(what)} ${when} 되돌리지 못했습니다`,
      };
    },
    read: (form) => restoreForm.parse(formValues(form, ["id", "version", "revision"])),
    run: async (trx, files, input) => {
      const kept = await readRevision(trx, history, input.id, input.revision);
      if (!kept) throw new RecordNotFoundError();
      return history.restore(trx, files, input.id, input.version, kept.state);
    },
    revision: (input) => input.id,
    revisionNote: "restore",
  });
}
