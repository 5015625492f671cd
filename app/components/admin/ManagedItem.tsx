import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import type { WriteResult } from "../../../server/domain/admin/run-write.ts";
import type { ImageRef } from "../../../server/domain/files/files.ts";
import { Button } from "../ui/Button.tsx";
import { ResponsiveImage } from "../ui/ResponsiveImage.tsx";
import { AdminForm } from "./AdminForm.tsx";
import { ConfirmButton } from "./ConfirmButton.tsx";
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
  /** The form that edits the item, shown below it while the manager edits. */
  editor: ReactNode;
  /** The route action that deletes (intent "delete" with the id and version). */
  deleteAction: string;
  /** What deleting also removes, and that it cannot be undone. */
  deleteMessage: string;
  onDeleted: (result: WriteResult<unknown>) => void;
}

/**
 * One row of an admin list: what the item is at a glance, "수정" that opens its form in place
 * and "삭제" behind a confirmation. Failures of the delete show under the row, which stays.
 */
export function ManagedItem({
  id,
  version,
  title,
  level = 3,
  thumbnail,
  details,
  editor,
  deleteAction,
  deleteMessage,
  onDeleted,
}: ManagedItemProps) {
  const [editing, setEditing] = useState(false);
  const editorId = useId();
  const deleteFormId = useId();
  const editorRef = useRef<HTMLDivElement>(null);
  const Heading = level === 3 ? "h3" : "h4";

  useEffect(() => {
    if (editing) editorRef.current?.querySelector<HTMLElement>("input, textarea, select")?.focus();
  }, [editing]);

  return (
    <article className={styles.item} aria-label={title}>
      <div className={styles.summary}>
        {thumbnail}
        <div className={styles.text}>
          <Heading className={styles.title}>{title}</Heading>
          {details && <div className={styles.details}>{details}</div>}
        </div>
        <div className={styles.actions}>
          <Button
            size="sm"
            variant="secondary"
            aria-expanded={editing}
            aria-controls={editorId}
            onClick={() => setEditing((open) => !open)}
          >
            {editing ? "닫기" : "수정"}
          </Button>
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
      <div id={editorId} ref={editorRef} className={styles.editor} hidden={!editing}>
        {editing && editor}
      </div>
      <AdminForm
        id={deleteFormId}
        action={deleteAction}
        label={`'${title}' 삭제`}
        onSaved={onDeleted}
        className={styles.deleteForm}
      >
        {() => (
          <>
            <input type="hidden" name="id" value={id} />
            <input type="hidden" name="version" value={version} />
          </>
        )}
      </AdminForm>
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
 * The answer to a write whose form is gone afterwards (a deleted row): shown above the list and
 * given focus, so it is seen and read out where the row was.
 */
export function useListAnnouncement() {
  const [result, setResult] = useState<WriteResult<unknown> | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) ref.current?.focus();
  }, [result]);
  const announce = useCallback((answer: WriteResult<unknown>) => setResult(answer), []);
  const announcement = result ? (
    <div ref={ref} tabIndex={-1} className={styles.announcement}>
      <Notice tone={result.ok ? "success" : "error"} title={result.message} />
    </div>
  ) : null;
  return { announce, announcement };
}
