import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { type ContentType, command, NO_FILES } from "#server/domain/write/content-type.ts";
import { formTexts, formValues, recordId } from "#server/domain/write/form-input.ts";
import { describeChange } from "#server/domain/write/messages.ts";
import type { WriteDescription } from "#server/domain/write/run-write.ts";
import { deleteUnusedFiles, fileNames } from "./library.ts";

/** Files deleted by one request at the most: a page of the library is twenty. */
export const MAX_FILES_PER_DELETE = 100;

const deleteForm = z.object({
  id: z
    .array(recordId)
    .min(1, "지울 파일을 골라 주세요.")
    .max(MAX_FILES_PER_DELETE, `파일은 한 번에 ${MAX_FILES_PER_DELETE}개까지 지울 수 있습니다.`)
    .refine((ids) => new Set(ids).size === ids.length, "같은 파일을 두 번 골랐습니다. 새로 고침해 주세요."),
});

/**
 * One entry for the whole delete, naming up to three files: "'포스터.png' 파일이 삭제되었습니다"
 * or "파일 5개가 삭제되었습니다: 'a.png', 'b.png', 'c.pdf' 외 2개".
 */
async function describeDelete(form: FormData, db: Db): Promise<WriteDescription> {
  const ids = formTexts(form, "id").filter((id) => recordId.safeParse(id).success);
  const names = await fileNames(db, ids.slice(0, MAX_FILES_PER_DELETE));
  if (ids.length <= 1) return describeChange("files", "파일", names[0] ?? "", "삭제");
  const named = names
    .slice(0, 3)
    .map((name) => `'${name}'`)
    .join(", ");
  const more = names.length > 3 ? ` 외 ${names.length - 3}개` : "";
  return {
    category: "files",
    success: `파일 ${ids.length}개가 삭제되었습니다: ${named}${more}`,
    failure: `파일 ${ids.length}개 삭제에 실패했습니다`,
  };
}

/**
 * The file library: every upload with where it is used; files nothing uses can be deleted, one
 * or many at once. Files are added and replaced on the pages of the content that shows them.
 */
export const filesContent: ContentType = {
  name: "files",
  category: "files",
  noun: "파일",
  files: NO_FILES,
  // An unused file is on no public page.
  publicPages: [],
  adminPage: {
    path: "/admin/files",
    title: "파일 보관함",
    section: "operations",
    counts: [{ label: "파일", table: "files" }],
  },
  commands: {
    delete: command({
      describe: describeDelete,
      read: (form) => deleteForm.parse(formValues(form, [], ["id"])).id,
      run: (trx, files, ids) => deleteUnusedFiles(trx, files, ids),
    }),
  },
};
