import { Link } from "react-router";
import styles from "./Pagination.module.css";

interface PaginationProps {
  page: number;
  pageCount: number;
  /** The address of a page, keeping the list's other search parameters. */
  hrefFor: (page: number) => string;
  label?: string;
}

/** Previous and next links with the position in between; plain links, so they work without script. */
export function Pagination({ page, pageCount, hrefFor, label = "페이지 이동" }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label={label}>
      {page > 1 ? (
        <Link className={styles.link} to={hrefFor(page - 1)} rel="prev">
          ← 이전
        </Link>
      ) : (
        <span className={styles.link} aria-disabled="true">
          ← 이전
        </span>
      )}
      <span className={styles.position}>
        <span className="visually-hidden">현재 </span>
        {page} / {pageCount}
        <span className="visually-hidden"> 페이지</span>
      </span>
      {page < pageCount ? (
        <Link className={styles.link} to={hrefFor(page + 1)} rel="next">
          다음 →
        </Link>
      ) : (
        <span className={styles.link} aria-disabled="true">
          다음 →
        </span>
      )}
    </nav>
  );
}
