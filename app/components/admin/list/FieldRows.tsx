import { type ReactNode, useEffect, useRef, useState } from "react";
import { ConfirmButton } from "#app/components/admin/ConfirmButton.tsx";
import { RowFields } from "#app/components/admin/FormField.tsx";
import ld from "#app/components/admin/ListDetail.module.css";
import { SortableList } from "#app/components/sortable/SortableList.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { markFormEdited } from "#app/lib/mark-form-edited.ts";
import { objectParticle } from "#shared/korean.ts";
import styles from "./FieldRows.module.css";

interface FieldRowsProps<Row> {
  /** The rows as saved. */
  initialRows: Row[];
  getKey: (row: Row) => string;
  /** The row's name, e.g. its title: heard while it moves, named when it is removed. */
  getLabel: (row: Row) => string;
  /**
   * A new, empty row with the given key: `new-` and 12 lowercase hex digits, which the server
   * tells from saved rows' ids.
   */
  createRow: (key: string) => Row;
  /** What one row is, e.g. "질문": for the removal's confirmation. */
  noun: string;
  /** What removing the row does, shown in its confirmation. */
  removeMessage: (row: Row, isNew: boolean) => ReactNode;
  /** The list's accessible name, e.g. "자주 묻는 질문 순서". */
  label: string;
  /** The add button's text, e.g. "질문 추가". */
  addLabel: string;
  /** Shown while the list is empty. */
  emptyText: string;
  max: number;
  /**
   * The row's fields; `index` is its place in the list, as the form sends it. Its FormFields
   * find their errors by it (RowFields).
   */
  renderRow: (row: Row, index: number, isNew: boolean) => ReactNode;
}

/**
 * The rows of a list inside a whole-document form (FAQs, schedules, attachments): added,
 * removed after a confirmation and put in order in the page, and saved with the rest of the
 * form. Each row's fields are ordinary form fields, so the form sends the rows in the order
 * shown. Every change marks the surrounding form as edited, so leaving the page without saving
 * asks first. (Records saved one by one are ItemList's.)
 */
export function FieldRows<Row>({
  initialRows,
  getKey,
  getLabel,
  createRow,
  noun,
  removeMessage,
  label,
  addLabel,
  emptyText,
  max,
  renderRow,
}: FieldRowsProps<Row>) {
  const [rows, setRows] = useState(initialRows);
  const [removed, setRemoved] = useState("");
  const containerRef = useRef<HTMLDivElement>(null);
  // Where the focus goes after a change: a row's first field, or the add button ("").
  const focusKey = useRef<string | null>(null);

  useEffect(() => {
    if (focusKey.current === null) return;
    const container = containerRef.current;
    const row = container?.querySelector(`[data-row-key="${focusKey.current}"]`);
    const field = row?.querySelector<HTMLElement>("input:not([type=hidden]), textarea");
    (field ?? container?.querySelector<HTMLElement>("[data-add-row]"))?.focus();
    focusKey.current = null;
  });

  const change = (next: Row[]) => {
    setRows(next);
    markFormEdited(containerRef.current);
  };
  const add = () => {
    const key = `new-${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
    focusKey.current = key;
    setRemoved("");
    change([...rows, createRow(key)]);
  };
  const remove = (row: Row) => {
    const index = rows.indexOf(row);
    const next = rows.filter((candidate) => candidate !== row);
    // The focus was on the removed row's button: it goes to the row that takes its place.
    const neighbour = next[Math.min(index, next.length - 1)];
    focusKey.current = neighbour ? getKey(neighbour) : "";
    setRemoved(`'${getLabel(row)}' ${noun}${objectParticle(noun)} 목록에서 뺐습니다. 저장해야 반영됩니다.`);
    change(next);
  };
  const reorder = (orderedKeys: string[]) => {
    const byKey = new Map(rows.map((row) => [getKey(row), row]));
    change(orderedKeys.flatMap((key) => byKey.get(key) ?? []));
  };

  return (
    <div ref={containerRef} className={styles.list}>
      {rows.length === 0 ? (
        <p className={ld.empty}>{emptyText}</p>
      ) : (
        <SortableList
          items={rows}
          getId={getKey}
          getLabel={getLabel}
          label={label}
          onReorder={reorder}
          renderItem={(row) => {
            const key = getKey(row);
            const isNew = key.startsWith("new-");
            const name = getLabel(row);
            const index = rows.indexOf(row);
            return (
              <div data-row-key={key} className={styles.row}>
                <div className={styles.fields}>
                  <RowFields index={index}>{renderRow(row, index, isNew)}</RowFields>
                </div>
                <div className={styles.rowActions}>
                  <ConfirmButton
                    title={`'${name}' ${noun}${objectParticle(noun)} 삭제할까요?`}
                    message={removeMessage(row, isNew)}
                    confirmLabel="삭제"
                    onConfirm={() => remove(row)}
                  >
                    <span className="visually-hidden">'{name}' </span>삭제
                  </ConfirmButton>
                </div>
              </div>
            );
          }}
        />
      )}
      <p className="visually-hidden" role="status">
        {removed}
      </p>
      <div className={styles.footer}>
        <Button variant="secondary" size="sm" onClick={add} disabled={rows.length >= max} data-add-row>
          + {addLabel}
        </Button>
        {rows.length >= max && <span className={styles.limit}>최대 {max}개까지 넣을 수 있습니다.</span>}
      </div>
    </div>
  );
}
