import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useAdminWrite } from "../../../lib/admin/use-admin-write.ts";
import { SortableList } from "../../sortable/SortableList.tsx";
import { Button } from "../../ui/Button.tsx";
import { Notice } from "../Notice.tsx";
import styles from "./ItemList.module.css";

interface ItemListProps<Item> {
  /** The content type whose endpoint saves the order. */
  contentType: string;
  items: Item[];
  getId: (item: Item) => string;
  /** The item's name, heard while it moves. */
  getLabel: (item: Item) => string;
  /** The list's accessible name, e.g. "피드 순서". */
  label: string;
  /**
   * How the list is put in order: the command and the values sent with it (the year of the
   * activities ordered, …). Without it the list keeps the order it is given.
   */
  reorder?: { intent?: string; fields?: Record<string, string> };
  /** A row; `announce` tells the list a row's record is gone (ItemRow's `onRemoved`). */
  renderItem: (item: Item, announce: (message: string) => void) => ReactNode;
  /**
   * Shown instead of the list while it has no items. The list's announcements stay above it,
   * so the deletion of the last item is still told.
   */
  empty?: ReactNode;
}

/**
 * The one list of the admin area: records shown as rows (ItemRow), reordered by dragging, by
 * keyboard on the handle or by buttons, and saved at once. What concerns the whole list is
 * announced above it and takes focus, so it is seen and read out where a row was: a deletion
 * (its row is gone with its form), or a refused order (the list shows the saved order again and
 * offers to load the newest).
 */
export function ItemList<Item>({
  contentType,
  items,
  getId,
  getLabel,
  label,
  reorder,
  renderItem,
  empty,
}: ItemListProps<Item>) {
  const order = useAdminWrite(contentType);
  const revalidator = useRevalidator();
  const [removed, setRemoved] = useState<string | null>(null);
  const announce = useCallback((message: string) => setRemoved(message), []);
  const pending = order.pending?.getAll("id").map(String);
  const shown = pending
    ? pending.flatMap((id) => items.filter((item) => getId(item) === id))
    : items;
  const answer = order.answer;
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (removed || (answer && !answer.ok)) noticeRef.current?.focus();
  }, [removed, answer]);

  function save(orderedIds: string[]) {
    if (!reorder) return;
    setRemoved(null);
    const form = new FormData();
    form.set("intent", reorder.intent ?? "reorder");
    for (const [name, value] of Object.entries(reorder.fields ?? {})) form.set(name, value);
    for (const item of shown) form.append("expected", getId(item));
    for (const id of orderedIds) form.append("id", id);
    void order.send(form);
  }

  const message = removed ?? answer?.message;
  return (
    <>
      {message && (
        <div ref={noticeRef} tabIndex={-1} className={styles.announcement}>
          <Notice tone={removed || answer?.ok ? "success" : "error"} title={message}>
            {!removed && answer && !answer.ok && (
              <p className={styles.reload}>
                <Button size="sm" variant="secondary" onClick={() => revalidator.revalidate()}>
                  최신 내용 불러오기
                </Button>
                <span>순서는 저장되지 않았습니다. 지금 저장된 순서를 보여 드립니다.</span>
              </p>
            )}
          </Notice>
        </div>
      )}
      {items.length === 0 && empty !== undefined ? (
        empty
      ) : reorder ? (
        <SortableList
          items={shown}
          getId={getId}
          getLabel={getLabel}
          onReorder={save}
          renderItem={(item) => renderItem(item, announce)}
          label={label}
        />
      ) : (
        <ul className={styles.plain} aria-label={label}>
          {items.map((item) => (
            <li key={getId(item)} className={styles.plainItem}>
              {renderItem(item, announce)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
