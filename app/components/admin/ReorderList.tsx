import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { SortableList } from "../sortable/SortableList.tsx";
import { AdminForm } from "./AdminForm.tsx";

interface ReorderListProps<Item> {
  /** The route action that saves the order. */
  action: string;
  /** Sent as `intent`, with the ids in their new order as `id`. */
  intent: string;
  /** Further values the action needs, e.g. the list's period. */
  scope?: Record<string, string>;
  items: Item[];
  getId: (item: Item) => string;
  getLabel: (item: Item) => string;
  renderItem: (item: Item) => ReactNode;
  /** The list's accessible name, e.g. "프로젝트 순서". */
  label: string;
  disabled?: boolean;
}

/**
 * A SortableList whose new order is saved at once through an AdminForm: the list shows the new
 * order while it is saved, the saved order after a success, and the stored order again (with
 * the answer above the list) when the save is refused.
 */
export function ReorderList<Item>({
  action,
  intent,
  scope = {},
  items,
  getId,
  getLabel,
  renderItem,
  label,
  disabled = false,
}: ReorderListProps<Item>) {
  const intentRef = useRef<HTMLInputElement>(null);
  const pendingIds = useRef<string[]>([]);
  const [pending, setPending] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const onBusyChange = useCallback((next: boolean) => {
    setBusy(next);
    // Settled: the loader data now holds the saved order, or the stored one after a refusal.
    if (!next) setPending(null);
  }, []);
  const shown = pending ? orderBy(items, pending, getId) : items;

  return (
    <>
      {/* No accessible name: the form holds only hidden values, the list below is what is used. */}
      <AdminForm
        action={action}
        prepare={async (form) => {
          for (const id of pendingIds.current) form.append("id", id);
          return form;
        }}
      >
        {(state) => (
          <>
            <input ref={intentRef} type="hidden" name="intent" value={intent} />
            {Object.entries(scope).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <BusyReporter busy={state.busy} onChange={onBusyChange} />
          </>
        )}
      </AdminForm>
      <SortableList
        items={shown}
        getId={getId}
        getLabel={getLabel}
        label={label}
        disabled={disabled || busy}
        renderItem={renderItem}
        onReorder={(ids) => {
          pendingIds.current = ids;
          setPending(ids);
          intentRef.current?.form?.requestSubmit();
        }}
      />
    </>
  );
}

/** The items in the order of `ids`; items not named keep their place at the end. */
function orderBy<Item>(items: Item[], ids: string[], getId: (item: Item) => string): Item[] {
  const rank = new Map(ids.map((id, index) => [id, index]));
  return [...items].sort(
    (a, b) => (rank.get(getId(a)) ?? ids.length) - (rank.get(getId(b)) ?? ids.length),
  );
}

/** Tells the list when the form starts and stops sending. */
function BusyReporter({ busy, onChange }: { busy: boolean; onChange: (busy: boolean) => void }) {
  useEffect(() => onChange(busy), [busy, onChange]);
  return null;
}
