import { ListSearch } from "#app/components/admin/ListSearch.tsx";
import { Pagination } from "#app/components/admin/Pagination.tsx";
import { listHref } from "#app/lib/admin/list-href.ts";
import type { CalendarEvent } from "#server/domain/calendar/calendar.ts";
import styles from "./Calendar.module.css";
import { EventLinks } from "./EventList.tsx";

const PATH = "/admin/manage-calendar";

interface EventSearchProps {
  search: string;
  /** The month shown ("2026-03"), kept while searching. */
  month: string;
  /** The search's page of results, when there is a search. */
  found: { items: CalendarEvent[]; total: number; page: number; pageCount: number } | undefined;
}

/**
 * Finding an event of any year by its title, place or description (searched in the database),
 * the latest first; each result opens its month with the event in view.
 */
export function EventSearch({ search, month, found }: EventSearchProps) {
  return (
    <section className={styles.panel} aria-labelledby="event-search-title">
      <h2 id="event-search-title" className={styles.panelTitle}>
        일정 찾기
      </h2>
      <ListSearch path={PATH} label="일정 검색" searchLabel="제목, 장소, 설명" search={search}>
        <input type="hidden" name="month" value={month} />
      </ListSearch>
      {found && (
        <>
          <p className={styles.none} aria-live="polite">
            ‘{search}’ 검색 결과 {found.total.toLocaleString("ko-KR")}개
          </p>
          {found.items.length > 0 && <EventLinks events={found.items} />}
          <Pagination
            page={found.page}
            pageCount={found.pageCount}
            hrefFor={(page) => listHref(PATH, { search, month }, page)}
            label="일정 검색 결과 페이지"
          />
        </>
      )}
    </section>
  );
}
