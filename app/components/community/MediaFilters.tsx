import { Form, Link } from "react-router";
import { SearchIcon } from "#app/components/icons/icons.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import type { TagCount } from "#server/domain/articles/articles.ts";
import { ALL_TAG, type ArticleListQuery, DEFAULT_PAGE_SIZE } from "#shared/article-list-query.ts";
import styles from "./MediaFilters.module.css";
import { MEDIA_PATH, mediaListHref } from "./media-links.ts";

interface MediaFiltersProps {
  query: ArticleListQuery;
  tags: TagCount[];
  /** Every article, for the '전체' chip. */
  totalCount: number;
}

/**
 * The media list's search box and tag chips. A plain GET form and plain links, so they work
 * without scripts; with them, the in-page island follows them without leaving the page (and the
 * box keeps focus). The address holds the whole state, so links can be shared and the back
 * button restores it.
 */
export function MediaFilters({ query, tags, totalCount }: MediaFiltersProps) {
  const chips = [{ tag: ALL_TAG, count: totalCount }, ...tags];
  const current = query.tag || ALL_TAG;
  return (
    <div className={styles.filters}>
      <Form
        method="get"
        action={MEDIA_PATH}
        role="search"
        aria-label="미디어 글"
        className={styles.search}
        data-keep-scroll=""
      >
        {query.limit !== DEFAULT_PAGE_SIZE && <input type="hidden" name="limit" value={query.limit} />}
        <label htmlFor="media-search" className="visually-hidden">
          제목이나 내용으로 검색
        </label>
        <span className={styles.field}>
          <SearchIcon size={20} className={styles.icon} />
          <input
            id="media-search"
            type="search"
            name="search"
            defaultValue={query.search}
            placeholder="제목이나 내용으로 검색"
            maxLength={100}
            enterKeyHint="search"
            className={styles.input}
          />
        </span>
        {query.tag && <input type="hidden" name="tag" value={query.tag} />}
        <Button type="submit" className={styles.submit}>
          검색
        </Button>
      </Form>

      <nav aria-label="태그" className={styles.tags}>
        <ul className={styles.chips}>
          {chips.map((chip) => (
            <li key={chip.tag}>
              <Link
                to={mediaListHref({ ...query, page: 1, tag: chip.tag })}
                className={styles.chip}
                aria-current={chip.tag === current ? "true" : undefined}
                data-keep-scroll=""
              >
                {chip.tag}
                <span className={styles.count}>
                  <span className="visually-hidden">(</span>
                  {chip.count.toLocaleString("ko-KR")}
                  <span className="visually-hidden">개)</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
