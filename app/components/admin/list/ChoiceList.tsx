import { type ComponentProps, type ReactNode, useId } from "react";
import { Link, useNavigate } from "react-router";
import ld from "#app/components/admin/ListDetail.module.css";
import type { FieldRules } from "#shared/field-rules.ts";
import { AddItemForm } from "./AddItemForm.tsx";
import { ItemList } from "./ItemList.tsx";

/** What a page gives its list of choices: the records, the chosen one, the limits of their fields. */
export interface ChoicesOf<Item> {
  items: Item[];
  selected: Item | undefined;
  rules: FieldRules;
}

/**
 * The left side of a list-and-detail page (course periods, organization groups): the records in
 * order, each a link that chooses it (`?{param}={id}`), the chosen one as its editing row;
 * reordered in place; a new one added under the list and chosen at once.
 */
export function ChoiceList<Item>({
  contentType,
  param,
  title,
  hint,
  items,
  selectedId,
  getId,
  getName,
  getMeta,
  isUntitled,
  label,
  reorderIntent,
  renderSelected,
  adder,
}: {
  contentType: string;
  /** The query parameter that names the chosen record, e.g. "period". */
  param: string;
  /** The list's heading, e.g. "학기"; the count follows it. */
  title: string;
  hint: ReactNode;
  items: Item[];
  selectedId: string | undefined;
  getId: (item: Item) => string;
  getName: (item: Item) => string;
  /** What the link says besides the name, e.g. "항목 3개". */
  getMeta: (item: Item) => string;
  /** A record made a moment ago, still without a name: its link shows the stand-in name dimmed. */
  isUntitled?: (item: Item) => boolean;
  /** The list's accessible name, e.g. "학기 순서". */
  label: string;
  reorderIntent: string;
  /** The chosen record's row; `onRemoved` announces its deletion and chooses none. */
  renderSelected: (item: Item, onRemoved: (message: string) => void) => ReactNode;
  adder: Omit<ComponentProps<typeof AddItemForm>, "contentType" | "onSaved">;
}) {
  const navigate = useNavigate();
  const headingId = useId();
  return (
    <section className={ld.list} aria-labelledby={headingId}>
      <h2 id={headingId} className={ld.heading}>
        {title} <span className={ld.count}>{items.length}</span>
      </h2>
      <p className={ld.hint}>{hint}</p>
      <ItemList
        contentType={contentType}
        items={items}
        getId={getId}
        getLabel={getName}
        label={label}
        reorder={{ intent: reorderIntent }}
        empty={null}
        renderItem={(item, announce) =>
          getId(item) === selectedId ? (
            renderSelected(item, (message) => {
              announce(message);
              navigate("?", { preventScrollReset: true });
            })
          ) : (
            <div className={ld.choiceRow}>
              <Link to={`?${param}=${getId(item)}`} className={ld.choice}>
                <span className={ld.choiceName} data-untitled={isUntitled?.(item) || undefined}>
                  {getName(item)}
                </span>
                <span className={ld.choiceMeta}>{getMeta(item)}</span>
              </Link>
            </div>
          )
        }
      />
      <div className={ld.adder}>
        <AddItemForm
          contentType={contentType}
          {...adder}
          onSaved={(result) => {
            if (typeof result.data === "string") {
              navigate(`?${param}=${result.data}`, { preventScrollReset: true });
            }
          }}
        />
      </div>
    </section>
  );
}
