import { z } from "zod";
import { uploadLimits } from "#server/domain/files/uploads.ts";
import { restoreCommand } from "#server/domain/revisions/restore.ts";
import { type ContentType, command } from "#server/domain/write/content-type.ts";
import { type UploadedFile, uploadedImages } from "#server/domain/write/form-files.ts";
import { formSelection, formTarget, formText, formTexts, formValues } from "#server/domain/write/form-input.ts";
import { describeBulkChange, describeChange } from "#server/domain/write/messages.ts";
import { singleLineText } from "#server/domain/write/text-schemas.ts";
import { FieldError } from "#server/failures.ts";
import { NEW_ARTICLE_KEY } from "#shared/article-autosave.ts";
import { articleStatusLabels } from "#shared/article-status.ts";
import { formatDateTime, parseSeoulDateTimeInput } from "#shared/dates.ts";
import { SELECTED_FIELD } from "#shared/list-selection.ts";
import { deleteAutosave } from "./autosave.ts";
import { deleteArticles, unpublishArticles } from "./bulk.ts";
import { articleHistory } from "./history.ts";
import {
  type ArticleImageInput,
  articleDraftSchema,
  createArticle,
  deleteArticle,
  findArticleTitle,
  MAX_ALT_LENGTH,
  updateArticle,
} from "./manage.ts";

const NOUN = "게시글";

/**
 * "'가을 해커톤 후기' 게시글이 추가되었습니다", with what the save left it as when that is not
 * published: "(임시 저장)" or "(예약: 2026. 12. 02. 18:00에 게시)".
 */
function describeArticleSave(form: FormData, verb: "추가" | "수정") {
  const description = describeChange("media", NOUN, formText(form, "title"), verb);
  const status = formText(form, "status");
  const typed = formText(form, "publishedAt");
  const at = parseSeoulDateTimeInput(typed);
  const when = at ? formatDateTime(at) : typed;
  const note =
    status === "draft" ? ` (${articleStatusLabels.draft})` : status === "scheduled" ? ` (예약: ${when}에 게시)` : "";
  return { ...description, success: `${description.success}${note}` };
}

const imageToken = /^(existing|new):([0-9a-z]{1,64})$/;
const imageListMessage = "사진 목록을 읽을 수 없습니다. 새로 고침한 뒤 다시 시도해 주세요.";

/**
 * The article form: the draft's fields and its image list, in the order shown. Each entry of
 * `images` is `existing:{fileId}` or `new:{key}`, with its description in `imageAlt` beside it;
 * `deleteImage` names the existing images to delete, and each new file (`newImage`) comes with
 * its key in `newImageKey`.
 */
export const articleForm = articleDraftSchema
  .extend({
    images: z
      .array(z.string().regex(imageToken, imageListMessage))
      .max(100, "사진은 한 게시글에 100장까지 둘 수 있습니다."),
    imageAlt: z.array(
      singleLineText().trim().max(MAX_ALT_LENGTH, `사진 설명은 ${MAX_ALT_LENGTH}자까지 쓸 수 있습니다.`),
    ),
    deleteImage: z.array(z.string()),
    newImageKey: z.array(z.string()),
  })
  .superRefine((value, ctx) => {
    if (value.imageAlt.length !== value.images.length) {
      ctx.addIssue({ code: "custom", path: ["images"], message: imageListMessage });
    }
  });

/** The draft and its image list as the form sends them, with the new images prepared. */
async function readArticle(form: FormData) {
  const parsed = articleForm.parse(
    formValues(
      form,
      ["title", "tag", "publishedAt", "status", "contents"],
      ["images", "imageAlt", "deleteImage", "newImageKey"],
    ),
  );
  const uploads = await uploadedImages(form, "newImage", "images");
  if (uploads.length !== parsed.newImageKey.length) {
    throw new FieldError("images", imageListMessage);
  }
  const uploadsByKey = new Map<string, UploadedFile>();
  for (const [index, key] of parsed.newImageKey.entries()) {
    const upload = uploads[index];
    if (!upload || uploadsByKey.has(key)) throw new FieldError("images", imageListMessage);
    uploadsByKey.set(key, upload);
  }

  const deleted = new Set(parsed.deleteImage);
  const used = new Set<string>();
  const images: ArticleImageInput[] = [];
  for (const [index, token] of parsed.images.entries()) {
    const [, kind, key = ""] = imageToken.exec(token) ?? [];
    const alt = parsed.imageAlt[index] ?? "";
    if (kind === "existing") {
      if (!deleted.has(key)) images.push({ fileId: key, alt });
      continue;
    }
    const upload = uploadsByKey.get(key);
    if (!upload || used.has(key)) throw new FieldError("images", imageListMessage);
    used.add(key);
    images.push({ upload, alt });
  }
  if (used.size !== uploadsByKey.size) throw new FieldError("images", imageListMessage);

  const { title, tag, publishedAt, status, contents } = parsed;
  return { draft: { title, tag, publishedAt, status, contents }, images };
}

/**
 * Media articles: rich text with an ordered list of photos. Each is written whole by its own
 * editor page; a new one answers its id, so the page can open it in its editor.
 */
export const articlesContent: ContentType = {
  name: "articles",
  category: "media",
  noun: NOUN,
  files: { maxFileBytes: uploadLimits.imageBytes, maxFiles: uploadLimits.files },
  publicPages: ["/community/media", "/"],
  history: articleHistory,
  adminPage: {
    path: "/admin/manage-posts",
    title: "미디어 게시글",
    section: "content",
    counts: [{ label: "게시글", table: "articles" }],
  },
  commands: {
    create: command({
      describe: (form) => describeArticleSave(form, "추가"),
      read: readArticle,
      run: async (trx, files, { draft, images }, by) => {
        const created = await createArticle(trx, files, draft, images);
        // The copy autosaved while writing it is spent once the article exists.
        await deleteAutosave(trx, by.account.id, NEW_ARTICLE_KEY);
        return created;
      },
      revision: (_input, created) => created?.id,
    }),
    update: command({
      describe: (form) => describeArticleSave(form, "수정"),
      read: async (form) => ({ target: formTarget(form), ...(await readArticle(form)) }),
      run: async (trx, files, { target, draft, images }, by) => {
        const updated = await updateArticle(trx, files, target.id, target.version, draft, images);
        await deleteAutosave(trx, by.account.id, target.id);
        return updated;
      },
      revision: ({ target }) => target.id,
    }),
    restore: restoreCommand(
      "media",
      articleHistory,
      async (db, id) => `'${(await findArticleTitle(db, id)) ?? ""}' 게시글`,
    ),
    delete: command({
      describe: async (form, db) =>
        describeChange("media", NOUN, (await findArticleTitle(db, formText(form, "id"))) ?? "", "삭제"),
      read: formTarget,
      run: (trx, files, target) => deleteArticle(trx, files, target.id, target.version),
    }),
    // The articles chosen in the list, each at the version its row showed: one audit entry each.
    "bulk-delete": command({
      describe: (form) =>
        describeBulkChange("media", NOUN, selectedCount(form), { done: "삭제되었습니다", name: "삭제" }),
      read: (form) => formSelection(form, NOUN),
      run: (trx, files, targets) => deleteArticles(trx, files, targets),
    }),
    "bulk-unpublish": command({
      describe: (form) =>
        describeBulkChange("media", NOUN, selectedCount(form), {
          done: `내려졌습니다 (${articleStatusLabels.draft})`,
          name: "내리기",
        }),
      read: (form) => formSelection(form, NOUN),
      run: (trx, _files, targets) => unpublishArticles(trx, targets),
      // Each article's new status is kept in its history, as a save that makes it a draft keeps it.
      revision: (targets, changed) => (changed ?? targets).map((article) => article.id),
    }),
  },
};

/** How many articles a bulk change's form names, for its failure message. */
function selectedCount(form: FormData): number {
  return new Set(formTexts(form, SELECTED_FIELD)).size;
}
