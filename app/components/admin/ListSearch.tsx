import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button } from "#app/components/ui/Button.tsx";
import filterBar from "./FilterBar.module.css";
import { TextInput } from "./FormField.tsx";

/**
 * A long list's search above it (the posts, the file library): a search field, the list's own
 * filters (`children`, FilterSelects), "검색", and "조건 지우기" once anything is chosen. A plain
 * GET form, so it works before the page's script has loaded and every result has an address.
 */
export function ListSearch({
  path,
  label,
  search,
  filtered,
  resetKey,
  children,
}: {
  /** The list's address, without search parameters. */
  path: string;
  /** The search's accessible name, e.g. "게시글 검색". */
  label: string;
  /** The search field: its id, its label and the words searched now. */
  search: { id: string; label: string; value: string };
  filtered: boolean;
  /** The search and filters now: when they change, the fields show them again. */
  resetKey: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="get"
      action={path}
      role="search"
      aria-label={label}
      className={filterBar.filters}
      key={resetKey}
      preventScrollReset
    >
      <div className={`${filterBar.filter} ${filterBar.search}`}>
        <label htmlFor={search.id}>{search.label}</label>
        <TextInput
          id={search.id}
          type="search"
          name="search"
          defaultValue={search.value}
          maxLength={100}
          enterKeyHint="search"
        />
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
