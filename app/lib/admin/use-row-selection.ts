import { useCallback, useMemo, useState } from "react";

export interface RowSelection {
  /** The chosen rows among those shown now, in the list's order. */
  ids: string[];
  has: (id: string) => boolean;
  toggle: (id: string, chosen: boolean) => void;
  /** Chooses every row shown, or none. */
  toggleAll: (chosen: boolean) => void;
  clear: () => void;
  allChosen: boolean;
}

/**
 * The rows of an admin list a manager has ticked for one change to them all. Only rows the list
 * shows now count: a row that left it (deleted, taken to another page) is no longer chosen, and
 * a new `scope` (another page, search or filter) starts with nothing chosen.
 */
export function useRowSelection(rowIds: readonly string[], scope: string): RowSelection {
  const [state, setState] = useState<{ scope: string; chosen: ReadonlySet<string> }>({ scope, chosen: new Set() });
  const chosen = state.scope === scope ? state.chosen : noRows;
  const ids = useMemo(() => rowIds.filter((id) => chosen.has(id)), [rowIds, chosen]);

  const update = useCallback(
    (change: (current: ReadonlySet<string>) => ReadonlySet<string>) =>
      setState((current) => ({ scope, chosen: change(current.scope === scope ? current.chosen : noRows) })),
    [scope],
  );
  const toggle = useCallback(
    (id: string, on: boolean) =>
      update((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [update],
  );
  const toggleAll = useCallback((on: boolean) => update(() => new Set(on ? rowIds : [])), [update, rowIds]);
  const clear = useCallback(() => update(() => noRows), [update]);

  return {
    ids,
    has: (id) => chosen.has(id),
    toggle,
    toggleAll,
    clear,
    allChosen: rowIds.length > 0 && ids.length === rowIds.length,
  };
}

const noRows: ReadonlySet<string> = new Set();
