import { useNavigate } from "react-router";
import { AddDisclosure } from "#app/components/admin/AddDisclosure.tsx";
import styles from "#app/components/admin/calendar/Calendar.module.css";
import { EventFields } from "#app/components/admin/calendar/EventFields.tsx";
import { EventLinks, EventList, eventAddress } from "#app/components/admin/calendar/EventList.tsx";
import { EventSearch } from "#app/components/admin/calendar/EventSearch.tsx";
import { MonthToolbar } from "#app/components/admin/calendar/MonthToolbar.tsx";
import { AddItemForm } from "#app/components/admin/list/AddItemForm.tsx";
import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { listEventsInMonth, listUpcomingEvents, searchEvents } from "#server/domain/calendar/calendar.ts";
import { eventInputSchema } from "#server/domain/calendar/manage.ts";
import { parseListQuery } from "#server/domain/list-query.ts";
import { fieldRules } from "#server/domain/write/field-rules.ts";
import { getServices } from "#server/http/router-context.ts";
import { monthKey, parseMonthKey, seoulDate, seoulYearMonth } from "#shared/dates.ts";
import type { Route } from "./+types/manage-calendar";

const UPCOMING_LIMIT = 6;
const SEARCH_PAGE_SIZE = 10;

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "캘린더 관리", noIndex: true });

/**
 * ?month=YYYY-MM picks the month to list; without it, or when malformed, this month in Seoul.
 * ?search= finds events of any month (a page of them, ?page=), beside the month.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const now = new Date();
  const current = seoulYearMonth(now);
  const yearMonth = parseMonthKey(url.searchParams.get("month")) ?? current;
  const query = parseListQuery(url.searchParams);
  const [events, upcoming, found] = await Promise.all([
    listEventsInMonth(db, yearMonth),
    listUpcomingEvents(db, now, UPCOMING_LIMIT),
    query.search ? searchEvents(db, { ...query, pageSize: SEARCH_PAGE_SIZE }) : undefined,
  ]);
  return {
    search: query.search,
    found,
    yearMonth,
    current,
    now: now.toISOString(),
    today: seoulDate(now),
    events,
    upcoming,
    rules: fieldRules(eventInputSchema),
  };
}

export default function ManageCalendar({ loaderData }: Route.ComponentProps) {
  const { yearMonth, current, now, today, events, upcoming, rules, search, found } = loaderData;
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        eyebrow="콘텐츠"
        title="캘린더"
        description={
          <p>
            정기 세션, 행사, 모집 기간 같은 동아리 일정을 관리합니다. 저장하면 공개 캘린더와 구독 피드(iCalendar)에 바로
            반영됩니다. 시각은 모두 한국 시간입니다.
          </p>
        }
        actions={
          <>
            <ButtonLink to={`/archive/calendar?month=${monthKey(yearMonth)}`} variant="secondary" size="sm">
              공개 캘린더 보기
            </ButtonLink>
            <ButtonLink to="/calendar.ics" reloadDocument variant="ghost" size="sm">
              구독 피드
            </ButtonLink>
          </>
        }
      />
      <div className={styles.layout}>
        <aside className={styles.side}>
          <section className={styles.panel} aria-labelledby="upcoming-title">
            <h2 id="upcoming-title" className={styles.panelTitle}>
              다가오는 일정
            </h2>
            {upcoming.length === 0 ? (
              <p className={styles.none}>예정된 일정이 없습니다.</p>
            ) : (
              <EventLinks events={upcoming} />
            )}
          </section>
          <EventSearch search={search} month={monthKey(yearMonth)} found={found} />
          <AddDisclosure summary="새 일정 추가">
            <AddItemForm
              contentType="calendar"
              label="새 일정 추가"
              submitLabel="일정 추가"
              rules={rules}
              onSaved={(result) => {
                const data = result.data as { id?: string; month?: string } | undefined;
                if (data?.month && data.id) navigate(eventAddress(data.month, data.id));
              }}
            >
              {() => <EventFields today={today} />}
            </AddItemForm>
          </AddDisclosure>
        </aside>
        <section className={styles.month} aria-labelledby="month-title">
          <MonthToolbar yearMonth={yearMonth} current={current} count={events.length} />
          <EventList events={events} yearMonth={yearMonth} now={now} today={today} rules={rules} />
        </section>
      </div>
    </>
  );
}
