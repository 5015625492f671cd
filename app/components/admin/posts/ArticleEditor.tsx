import { useEffect, useId, useState } from "react";
import { useNavigate } from "react-router";
import { AdminForm } from "#app/components/admin/AdminForm.tsx";
import { FormActions, FormField, Select, TextField, TextInput } from "#app/components/admin/FormField.tsx";
import { articlePreviewHref } from "#app/components/community/media-links.ts";
import { RichTextEditor } from "#app/components/editor/RichTextEditor.tsx";
import { Button, ButtonLink } from "#app/components/ui/Button.tsx";
import { useAutosave } from "#app/lib/admin/use-autosave.ts";
import { compressImage } from "#app/lib/uploads/compress-image.ts";
import type { TagCount } from "#server/domain/articles/articles.ts";
import type { Autosave, AutosavedFields } from "#server/domain/articles/autosave.ts";
import type { EditableArticle } from "#server/domain/articles/manage.ts";
import { NEW_ARTICLE_KEY } from "#shared/article-autosave.ts";
import type { ArticleStatus } from "#shared/article-status.ts";
import type { FieldRules } from "#shared/field-rules.ts";
import type { WriteResult } from "#shared/write-result.ts";
import styles from "./ArticleEditor.module.css";
import { ArticleImageList } from "./ArticleImageList.tsx";
import { AutosaveStatus, RecoverCopy } from "./Autosave.tsx";
import { ARTICLES, POSTS_PATH, type PostsHandOver, postEditHref } from "./links.ts";

/** The status choices, saying what each does on saving. */
const statusChoices: Record<ArticleStatus, string> = {
  published: "게시: 저장하면 바로 공개",
  scheduled: "예약: 게시일에 공개",
  draft: "임시 저장: 공개하지 않음",
};
const statusOrder: ArticleStatus[] = ["published", "scheduled", "draft"];

/** The spec's limit for one text value, checked before sending (the server checks it again). */
const MAX_CONTENTS_BYTES = 10 * 1024 * 1024;

interface ArticleEditorProps {
  /** The article as loaded, or undefined for a new one. */
  article: EditableArticle | undefined;
  /** The `datetime-local` value the date field starts with (Seoul time). */
  publishedAt: string;
  tags: TagCount[];
  /** The limits of the form's fields, from the server's schema. */
  rules: FieldRules;
  /** A copy autosaved earlier and not saved since, offered back. */
  copy?: Autosave | undefined;
}

/**
 * The article form: title, tag (a tag in use or a new one), status (published, scheduled or a
 * draft), publishing time in Seoul, the
 * contents in the rich-text editor and the image list. It is sent as one multipart form to the
 * articles' write endpoint after the new pictures are compressed, with progress shown
 * throughout; a new article then opens in its own editor.
 */
export function ArticleEditor({ article, publishedAt, tags, rules, copy }: ArticleEditorProps) {
  const tagListId = useId();
  const leaveTo = useNavigateAfterSave();
  const autosave = useAutosave(article?.id ?? NEW_ARTICLE_KEY);
  const [offered, setOffered] = useState(copy);
  // The values the fields start from: as saved, or the recovered copy's.
  const [recovered, setRecovered] = useState<AutosavedFields | null>(null);
  const values = recovered ?? {
    title: article?.title ?? "",
    tag: article?.tag ?? "",
    status: article?.status ?? "published",
    publishedAt,
    contents: article?.contents ?? "",
  };

  const formId = useId();
  // Opens the article as visitors would see it, with the typing not yet saved (sent as an
  // autosaved copy first). The tab opens at the click, so no pop-up blocker stops it.
  async function openPreview() {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const unsavedEdits = !article || form.dataset.edited === "true";
    const tab = window.open("", "_blank");
    if (unsavedEdits) await autosave.flush(form);
    const href = articlePreviewHref(article?.id ?? NEW_ARTICLE_KEY, { unsavedEdits });
    if (tab) tab.location.href = href;
    else window.location.assign(href);
  }

  const onSaved = (answer: WriteResult<unknown>) => {
    autosave.cancel();
    setRecovered(null);
    const saved = answer.data as { id?: string; version?: number } | undefined;
    if (!article && saved?.id) {
      leaveTo(postEditHref(saved.id), { notice: answer.message, version: saved.version ?? 1 });
    }
  };

  return (
    <>
      {offered && (
        <RecoverCopy
          savedAt={offered.savedAt}
          onRecover={() => {
            setRecovered(offered.fields);
            setOffered(undefined);
          }}
          onDiscard={async () => {
            await autosave.discard();
            setOffered(undefined);
          }}
        />
      )}
      <AdminForm
        contentType={ARTICLES}
        rules={rules}
        prepare={prepareArticleForm}
        onSaved={onSaved}
        id={formId}
        onEdit={autosave.schedule}
        startsEdited={recovered !== null}
        resetKey={`${article?.version ?? 0}:${recovered ? "recovered" : "saved"}`}
        hidden={{ intent: article ? "update" : "create", id: article?.id, version: article?.version }}
        label={article ? "게시글 수정" : "새 게시글"}
        className={styles.form}
      >
        {({ fieldErrors, busy }) => (
          <>
            <TextField label="제목" name="title" defaultValue={values.title} className={styles.title} />
            <div className={styles.row}>
              <FormField
                label="태그"
                name="tag"
                hint="쓰던 태그를 고르거나 새 태그를 입력하세요. 비워 두면 태그 없이 실립니다."
              >
                {(field) => (
                  <>
                    <TextInput {...field} list={tagListId} defaultValue={values.tag} autoComplete="off" />
                    <datalist id={tagListId}>
                      {tags.map((tag) => (
                        <option key={tag.tag} value={tag.tag} />
                      ))}
                    </datalist>
                  </>
                )}
              </FormField>
              <FormField
                label="게시 상태"
                name="status"
                hint="예약한 글은 게시일이 되면 저절로 공개됩니다. 임시 저장한 글은 방문자에게 보이지 않습니다."
              >
                {(field) => (
                  <Select {...field} defaultValue={values.status || "published"}>
                    {statusOrder.map((status) => (
                      <option key={status} value={status}>
                        {statusChoices[status]}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
              <FormField
                label="게시일"
                name="publishedAt"
                hint="한국 시간(KST)입니다. 예약한 글은 이 시각에 공개됩니다. 목록은 게시일이 최근인 글부터 보여 줍니다."
              >
                {(field) => <TextInput {...field} type="datetime-local" defaultValue={values.publishedAt} />}
              </FormField>
            </div>
            <FormField
              label="본문"
              name="contents"
              hint="제목(H2·H3), 목록, 인용, 링크, 코드 블록을 쓸 수 있습니다. 저장할 때 스크립트 같은 위험한 내용은 지워집니다."
            >
              {(field) => (
                <RichTextEditor
                  name="contents"
                  label="본문"
                  defaultValue={values.contents}
                  invalid={field["aria-invalid"]}
                  describedBy={field["aria-describedby"]}
                />
              )}
            </FormField>
            <ArticleImageList
              images={article?.images ?? []}
              error={fieldErrors.images}
              fieldErrors={fieldErrors}
              disabled={busy}
            />
            <FormActions>
              <Button type="submit" disabled={busy}>
                {busy ? "저장하는 중…" : article ? "저장" : "게시글 추가"}
              </Button>
              <Button type="button" variant="secondary" disabled={busy} onClick={() => void openPreview()}>
                미리보기
              </Button>
              <ButtonLink to={POSTS_PATH} variant="ghost">
                목록으로
              </ButtonLink>
              <AutosaveStatus state={autosave.state} />
            </FormActions>
          </>
        )}
      </AdminForm>
    </>
  );
}

/**
 * Before sending: refuses contents over the text limit and compresses each new picture in the
 * browser (4 MB, 1024 px, 10 passes), reporting progress per picture. A file that is not an
 * image stops the save with a message naming it, so nothing is sent.
 */
export async function prepareArticleForm(
  form: FormData,
  onProgress: (label: string, percent: number) => void,
): Promise<FormData> {
  const contents = form.get("contents");
  if (typeof contents === "string" && new Blob([contents]).size > MAX_CONTENTS_BYTES) {
    throw new Error("본문이 너무 깁니다. 10MB까지 저장할 수 있으니 내용을 줄여 주세요.");
  }
  const pictures = form.getAll("newImage").filter((value): value is File => value instanceof File);
  form.delete("newImage");
  for (const [index, picture] of pictures.entries()) {
    const label = `사진 줄이는 중 (${index + 1}/${pictures.length})`;
    onProgress(label, 0);
    const compressed = await compressImage(picture, (percent) => onProgress(label, Math.round(percent)));
    form.append("newImage", compressed, compressed.name);
  }
  return form;
}

/**
 * Leaves for another page once a save is done. The save clears the unsaved-changes mark in the
 * same render, and the area's guard (a parent) picks that up in its own effect after this
 * component's, so the navigation waits for the next task.
 */
export function useNavigateAfterSave() {
  const navigate = useNavigate();
  const [target, setTarget] = useState<{ to: string; state: PostsHandOver } | null>(null);
  useEffect(() => {
    if (!target) return;
    const timer = window.setTimeout(() => {
      navigate(target.to, { replace: true, state: target.state });
    }, 0);
    return () => window.clearTimeout(timer);
  }, [target, navigate]);
  return (to: string, state: PostsHandOver) => setTarget({ to, state });
}
