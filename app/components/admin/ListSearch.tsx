import { type ReactNode, useId } from "react";
import { Form, Link } from "react-router";
import { Button } from "#app/components/ui/Button.tsx";
import filterBar from "./FilterBar.module.css";
import { TextInput } from "./FormField.tsx";

interface ListSearchProps {
  /** The list's address, which the form asks for with its query. */
  path: string;
  /** The form's accessible name, e.g. "게시글 검색". */
  label: string;
  /** What the search looks in, the field's label, e.g. "제목이나 본문". */
  searchLabel: string;
  search: string;
  /**
   * The other conditions' values now (the FilterSelects' choices), when there are any: the
   * form offers to clear them all when one is set, and shows them again when they change.
   */
  filters?: readonly string[];
  /** More conditions after the search (FilterSelect), e.g. a tag. */
  children?: ReactNode;
}

/**
 * A long admin list's search above it: a GET form, so the address holds the search and the
 * filters, paging keeps them and it works without script; the list is searched in the database.
 */
export function ListSearch({ path, label, searchLabel, search, filters = [], children }: ListSearchProps) {
  const id = useId();
  const filtered = [search, ...filters].some((value) => value !== "");
  const conditions = [search, ...filters].join("\u0000");
  return (
    <Form
      key={conditions}
      method="get"
      action={path}
      role="search"
      aria-label={label}
      className={filterBar.filters}
      preventScrollReset
    >
      <div className={`${filterBar.filter} ${filterBar.search}`}>
        <label htmlFor={id}>{searchLabel}</label>
        <TextInput id={id} type="search" name="search" defaultValue={search} maxLength={100} enterKeyHint="search" />
      </div>
      {children}
      <Button type="submit" variant="secondary" className={filterBar.apply}>
        검색
      </Button>
      {filtered && (
        <Link to={path} className={filterBar.reset} preventScrollReset>
          조건 지우기
        </Link>
      )}
    </Form>
  );
}

/** The line under a list's search: how many match (or "불러오는 중…"), and the page shown. */
export function ListSummary({
  loading,
  summary,
  page,
  pageCount,
}: {
  loading: boolean;
  summary: string;
  page: number;
  pageCount: number;
}) {
  return (
    <p className={filterBar.summary} aria-live="polite">
      {loading ? "불러오는 중…" : summary}
      {pageCount > 1 && (
        <span className={filterBar.pageOf}>
          {page} / {pageCount} 페이지
        </span>
      )}
    </p>
  );
}
