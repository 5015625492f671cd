import { Fragment, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { Notice } from "#app/components/admin/Notice.tsx";
import { SortableList } from "#app/components/sortable/SortableList.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { useAdminWrite } from "#app/lib/admin/use-admin-write.ts";
import styles from "./ItemList.module.css";

/**
 * Items shown in groups (the activities of each year): each group is a list of its own under
 * its heading, put in order on its own, while the list's announcements stay above them all.
 */
export interface ItemGroups<Item> {
  /** The group an item belongs to; groups come in the order of their first items. */
  of: (item: Item) => string;
  /** The group's heading (the page's own element), e.g. "2026년 활동 3개". */
  heading: (group: string, items: Item[]) => ReactNode;
  /** The group's list's accessible name, e.g. "2026년 주요 활동 순서". */
  label: (group: string) => string;
  /** Values sent with the group's order, e.g. `{ year: "2026" }`. */
  fields?: (group: string) => Record<string, string>;
}

type ItemListProps<Item> = {
  /** The content type whose endpoint saves the order. */
  contentType: string;
  items: Item[];
  getId: (item: Item) => string;
  /** The item's name, heard while it moves. */
  getLabel: (item: Item) => string;
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
} & (
  | {
      /** The list's accessible name, e.g. "피드 순서". */
      label: string;
      groups?: undefined;
    }
  | { label?: undefined; groups: ItemGroups<Item> }
);

/**
 * The one list of the admin area: records shown as rows (ItemRow), reordered by dragging, by
 * keyboard on the handle or by buttons, and saved at once. What concerns the whole list is
 * announced above it and takes focus, so it is seen and read out where a row was: a deletion
 * (its row is gone with its form, or its whole group with it), or a refused order (the list
 * shows the saved order again and offers to load the newest).
 */
export function ItemList<Item>({
  contentType,
  items,
  getId,
  getLabel,
  label,
  groups,
  reorder,
  renderItem,
  empty,
}: ItemListProps<Item>) {
  const order = useAdminWrite(contentType);
  const revalidator = useRevalidator();
  const [removed, setRemoved] = useState<string | null>(null);
  const announce = useCallback((message: string) => setRemoved(message), []);
  const pending = order.pending?.getAll("id").map(String);
  /** The items of one list in the order being saved, while it is. */
  const inOrder = (members: Item[]) =>
    pending && members.some((item) => pending.includes(getId(item)))
      ? pending.flatMap((id) => members.filter((item) => getId(item) === id))
      : members;
  const answer = order.answer;
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (removed || (answer && !answer.ok)) noticeRef.current?.focus();
  }, [removed, answer]);

  function save(shown: Item[], orderedIds: string[], fields: Record<string, string> = {}) {
    if (!reorder) return;
    setRemoved(null);
    const form = new FormData();
    form.set("intent", reorder.intent ?? "reorder");
    for (const [name, value] of Object.entries({ ...reorder.fields, ...fields })) {
      form.set(name, value);
    }
    for (const item of shown) form.append("expected", getId(item));
    for (const id of orderedIds) form.append("id", id);
    void order.send(form);
  }

  /** One list: its own order saved with `fields` (a group's), or kept as given. */
  function listOf(members: Item[], name: string, fields?: Record<string, string>) {
    const shown = inOrder(members);
    return reorder ? (
      <SortableList
        items={shown}
        getId={getId}
        getLabel={getLabel}
        onReorder={(ids) => save(shown, ids, fields)}
        renderItem={(item) => renderItem(item, announce)}
        label={name}
      />
    ) : (
      <ul className={styles.plain} aria-label={name}>
        {shown.map((item) => (
          <li key={getId(item)} className={styles.plainItem}>
            {renderItem(item, announce)}
          </li>
        ))}
      </ul>
    );
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
      {items.length === 0 && empty !== undefined
        ? empty
        : (groups ? groupsOf(items, groups.of) : [{ key: "", members: items }]).map(({ key, members }) =>
            groups ? (
              <section key={key} className={styles.group}>
                {groups.heading(key, members)}
                {listOf(members, groups.label(key), groups.fields?.(key))}
              </section>
            ) : (
              <Fragment key={key}>{listOf(members, label ?? "")}</Fragment>
            ),
          )}
    </>
  );
}

/** Items by group, the groups in the order of their first items. */
function groupsOf<Item>(items: Item[], of: (item: Item) => string) {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    const key = of(item);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups].map(([key, members]) => ({ key, members }));
}
