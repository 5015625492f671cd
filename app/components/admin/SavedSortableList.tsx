import { type ReactNode, useEffect, useRef } from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { WriteResult } from "../../../shared/write-result.ts";
import { SortableList } from "../sortable/SortableList.tsx";
import { Button } from "../ui/Button.tsx";
import styles from "./AdminForm.module.css";
import { Notice } from "./Notice.tsx";

interface SavedSortableListProps<Item> {
  /** The route action that saves the order: `intent`, `expected` and `id` lists. */
  action: string;
  /** Names the list for an action that orders several (default "reorder"). */
  intent?: string;
  items: Item[];
  getId: (item: Item) => string;
  getLabel: (item: Item) => string;
  renderItem: (item: Item) => ReactNode;
  /** The list's accessible name, e.g. "2026년 주요 활동 순서". */
  label: string;
  /** More fields sent with the order, e.g. the year whose activities are ordered. */
  fields?: Record<string, string>;
}

/**
 * A SortableList whose new order is saved at once. The list shows the new order while it is
 * saved; when saving fails (someone changed the list meanwhile, the server refused) it shows
 * the order that is saved, says so, and offers to load the newest list.
 */
export function SavedSortableList<Item>({
  action,
  intent = "reorder",
  items,
  getId,
  getLabel,
  renderItem,
  label,
  fields = {},
}: SavedSortableListProps<Item>) {
  const fetcher = useFetcher<WriteResult<unknown>>();
  const revalidator = useRevalidator();
  const pending = fetcher.formData?.getAll("id").map(String);
  const shown = pending
    ? pending.flatMap((id) => items.filter((item) => getId(item) === id))
    : items;
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  // A refusal may be far above the row that moved: it takes focus, so it is seen and read out.
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer && !answer.ok) noticeRef.current?.focus();
  }, [answer]);

  function save(orderedIds: string[]) {
    const form = new FormData();
    form.set("intent", intent);
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    for (const item of shown) form.append("expected", getId(item));
    for (const id of orderedIds) form.append("id", id);
    fetcher.submit(form, { method: "post", action });
  }

  return (
    <>
      {answer && (
        <div ref={noticeRef} tabIndex={-1} className={styles.answer}>
          <Notice tone={answer.ok ? "success" : "error"} title={answer.message}>
            {!answer.ok && (
              <p className={styles.conflictActions}>
                <Button size="sm" variant="secondary" onClick={() => revalidator.revalidate()}>
                  최신 내용 불러오기
                </Button>
                <span>순서는 저장되지 않았습니다. 지금 저장된 순서를 보여 드립니다.</span>
              </p>
            )}
          </Notice>
        </div>
      )}
      <SortableList
        items={shown}
        getId={getId}
        getLabel={getLabel}
        onReorder={save}
        renderItem={renderItem}
        label={label}
      />
    </>
  );
}
