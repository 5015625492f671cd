import { Link } from "react-router";
import styles from "./Pagination.module.css";

interface PaginationProps {
  page: number;
  pageCount: number;
  /** The address of a page (1-based). */
  hrefFor: (page: number) => string;
  /** More pages may follow `pageCount` (a search counts its matches up to a limit). */
  morePages?: boolean;
}

/** The pages around the current one, the first and the last; gaps become an ellipsis. */
export function visiblePages(page: number, pageCount: number): (number | "gap")[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1]);
  // Near either end, show one more page instead of an ellipsis that would hide a single page.
  if (page <= 3) wanted.add(2).add(3).add(4);
  if (page >= pageCount - 2)
    wanted
      .add(pageCount - 1)
      .add(pageCount - 2)
      .add(pageCount - 3);
  const pages = [...wanted].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const result: (number | "gap")[] = [];
  for (const [index, n] of pages.entries()) {
    const previous = pages[index - 1];
    if (previous !== undefined && n - previous === 2) result.push(previous + 1);
    else if (previous !== undefined && n - previous > 2) result.push("gap");
    result.push(n);
  }
  return result;
}

/** Links to the pages of a list, the current one marked for assistive technology. */
export function Pagination({ page, pageCount, hrefFor, morePages = false }: PaginationProps) {
  if (pageCount <= 1 && !morePages) return null;
  return (
    <nav className={styles.pagination} aria-label="페이지 이동">
      <PageStep to={page > 1 ? hrefFor(page - 1) : undefined} direction="previous" />
      <ol className={styles.pages}>
        {visiblePages(page, pageCount).map((entry, index) =>
          entry === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their place
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={entry}>
              <Link
                to={hrefFor(entry)}
                className={styles.page}
                aria-current={entry === page ? "page" : undefined}
                aria-label={`${entry} 페이지`}
              >
                {entry}
              </Link>
            </li>
          ),
        )}
        {morePages && (
          <li className={styles.gap} aria-hidden="true">
            …
          </li>
        )}
      </ol>
      <PageStep to={page < pageCount || morePages ? hrefFor(page + 1) : undefined} direction="next" />
    </nav>
  );
}

const steps = {
  previous: { label: "이전 페이지", text: "이전", symbol: "‹" },
  next: { label: "다음 페이지", text: "다음", symbol: "›" },
};

function PageStep({ to, direction }: { to: string | undefined; direction: keyof typeof steps }) {
  const { label, text, symbol } = steps[direction];
  const arrow = <span aria-hidden="true">{symbol}</span>;
  const content = (
    <>
      {direction === "previous" && arrow}
      <span className={styles.stepLabel}>{text}</span>
      {direction === "next" && arrow}
    </>
  );
  if (!to) {
    return (
      <span className={styles.step} aria-disabled="true">
        {content}
      </span>
    );
  }
  return (
    <Link to={to} className={styles.step} aria-label={label}>
      {content}
    </Link>
  );
}
