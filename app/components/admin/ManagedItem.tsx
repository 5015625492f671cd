import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { ImageRef } from "../../../server/domain/files/files.ts";
import type { WriteResult } from "../../../shared/write-result.ts";
import { Button } from "../ui/Button.tsx";
import { ResponsiveImage } from "../ui/ResponsiveImage.tsx";
import { ConfirmButton } from "./ConfirmButton.tsx";
import { useDiscardConfirmation } from "./DiscardChanges.tsx";
import styles from "./ManagedItem.module.css";
import { Notice } from "./Notice.tsx";

interface ManagedItemProps {
  id: string;
  version: number;
  title: string;
  /** The level of the item's heading under the list's own (3 under an h2, 4 under an h3). */
  level?: 3 | 4;
  /** A small picture of the item (see `ItemThumbnail`). */
  thumbnail?: ReactNode;
  /** One or two short lines under the title: dates, badges, a link. */
  details?: ReactNode;
  /**
   * The form that edits the item, shown below it while the manager edits. Its AdminForm calls
   * `onSaved`: the form closes and the row shows the answer.
   */
  editor: (onSaved: (result: WriteResult<unknown>) => void) => ReactNode;
  /** What deleting also removes, and that it cannot be undone. */
  deleteMessage: string;
  /** Sends the confirmed delete (intent, id, version): `useItemDeletion`'s `remove`. */
  onDelete: (form: FormData) => void;
}

/**
 * One row of an admin list: what the item is at a glance, "수정" that opens its form in place
 * and "삭제" behind a confirmation. The delete is sent by the list (`useItemDeletion`), whose
 * answer outlives the row.
 */
export function ManagedItem({
  id,
  version,
  title,
  level = 3,
  thumbnail,
  details,
  editor,
  deleteMessage,
  onDelete,
}: ManagedItemProps) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const editorId = useId();
  const titleId = useId();
  const deleteFormId = useId();
  const editorRef = useRef<HTMLDivElement>(null);
  const Heading = level === 3 ? "h3" : "h4";

  useEffect(() => {
    if (editing) editorRef.current?.querySelector<HTMLElement>("input, textarea, select")?.focus();
  }, [editing]);
  const close = useDiscardConfirmation(() => setEditing(false));
  const onSaved = useCallback((result: WriteResult<unknown>) => {
    setSaved(result.message);
    setEditing(false);
    // The form is gone: focus returns to the button that opened it.
    actionsRef.current?.querySelector("button")?.focus();
  }, []);

  return (
    <article className={styles.item} aria-labelledby={titleId}>
      <div className={styles.summary}>
        {thumbnail}
        <div className={styles.text}>
          <Heading id={titleId} className={styles.title}>
            {title}
          </Heading>
          {details && <div className={styles.details}>{details}</div>}
        </div>
        <div ref={actionsRef} className={styles.actions}>
          <Button
            size="sm"
            variant="secondary"
            aria-expanded={editing}
            aria-controls={editorId}
            onClick={() => {
              setSaved(null);
              if (editing) close.request(editorRef.current?.querySelector("form"));
              else setEditing(true);
            }}
          >
            {editing ? "닫기" : "수정"}
          </Button>
          {close.dialog}
          <ConfirmButton
            form={deleteFormId}
            name="intent"
            value="delete"
            title={`'${title}'을(를) 삭제할까요?`}
            message={<p>{deleteMessage}</p>}
          >
            삭제
          </ConfirmButton>
        </div>
      </div>
      {saved && (
        <div className={styles.saved}>
          <Notice tone="success" title={saved} />
        </div>
      )}
      <div id={editorId} ref={editorRef} className={styles.editor} hidden={!editing}>
        {editing && editor(onSaved)}
      </div>
      <form
        id={deleteFormId}
        method="post"
        aria-label={`'${title}' 삭제`}
        hidden
        onSubmit={(event) => {
          event.preventDefault();
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          onDelete(new FormData(event.currentTarget, submitter));
        }}
      >
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="version" value={version} />
      </form>
    </article>
  );
}

/** An item's picture in a list row, or a quiet frame when it has none. */
export function ItemThumbnail({
  image,
  shape = "wide",
}: {
  image: ImageRef | undefined;
  /** wide 3:2 (activities), tall 1:√2 (magazine covers), square (feed photos). */
  shape?: "wide" | "tall" | "square";
}) {
  return (
    <div className={styles.thumbnail} data-shape={shape}>
      {image ? (
        <ResponsiveImage image={image} alt="" sizes="96px" />
      ) : (
        <span className={styles.noImage}>사진 없음</span>
      )}
    </div>
  );
}

/**
 * Deletes for a whole list. The answer is shown above the list and given focus, so it is seen
 * and read out where the deleted row was; a failure that is a conflict offers the newest list.
 */
export function useItemDeletion(action: string) {
  const fetcher = useFetcher<WriteResult<unknown>>();
  const revalidator = useRevalidator();
  const ref = useRef<HTMLDivElement>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (answer) ref.current?.focus();
  }, [answer]);
  const { submit } = fetcher;
  const remove = useCallback(
    (form: FormData) => submit(form, { method: "post", action }),
    [submit, action],
  );
  const announcement = answer ? (
    <div ref={ref} tabIndex={-1} className={styles.announcement}>
      <Notice tone={answer.ok ? "success" : "error"} title={answer.message}>
        {answer.conflict && (
          <p className={styles.reload}>
            <Button size="sm" variant="secondary" onClick={() => revalidator.revalidate()}>
              최신 내용 불러오기
            </Button>
          </p>
        )}
      </Notice>
    </div>
  ) : null;
  return { remove, announcement };
}
