import { data, Link } from "react-router";
import { EventAgenda } from "#app/components/archive/EventAgenda.tsx";
import { EventMonth } from "#app/components/archive/EventMonth.tsx";
import stepStyles from "#app/components/archive/MonthStep.module.css";
import { ChevronLeftIcon, ChevronRightIcon } from "#app/components/icons/icons.tsx";
import { PageBanner } from "#app/components/layout/PageBanner.tsx";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { EmptyState } from "#app/components/ui/EmptyState.tsx";
import { eventsStructuredData } from "#app/lib/event-structured-data.ts";
import type { IslandsHandle } from "#app/lib/islands.tsx";
import { pageMeta, siteMetaFrom } from "#app/lib/meta.ts";
import { pageBreadcrumbJsonLd } from "#app/lib/structured-data.ts";
import { calendarMonthRange, listEventsInMonth } from "#server/domain/calendar/calendar.ts";
import { getSiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { getServices } from "#server/http/router-context.ts";
import {
  addMonths,
  compareMonths,
  formatYearMonth,
  monthKey,
  parseMonthKey,
  seoulDate,
  seoulYearMonth,
  type YearMonth,
} from "#shared/dates.ts";
import type { Route } from "./+types/calendar";
import styles from "./calendar.module.css";

/**
 * ?month=YYYY-MM picks the month, this month in Seoul without it. A malformed month, or one
 * outside the calendar's range (see calendarMonthRange), is the 404 page.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const now = new Date();
  const current = seoulYearMonth(now);
  const asked = url.searchParams.get("month");
  const yearMonth = asked === null ? current : parseMonthKey(asked);
  const { value: settings } = await getSiteSettings(db);
  const range = await calendarMonthRange(db, settings.foundedYear, current);
  if (!yearMonth || compareMonths(yearMonth, range.first) < 0 || compareMonths(yearMonth, range.last) > 0) {
    throw data(null, { status: 404 });
  }
  const firstMonth = range.first;
  const lastMonth = range.last;
  const events = await listEventsInMonth(db, yearMonth);
  const previous = addMonths(yearMonth, -1);
  const next = addMonths(yearMonth, 1);
  return {
    yearMonth,
    current,
    today: seoulDate(now),
    events,
    previous: compareMonths(previous, firstMonth) >= 0 ? previous : undefined,
    next: compareMonths(next, lastMonth) <= 0 ? next : undefined,
  };
}

/** Stepping between months stays in the page. */
export const handle: IslandsHandle = { islands: ["in-page"] };

export const meta: Route.MetaFunction = (args) => {
  const tags = pageMeta(args, {
    title: "캘린더",
    description: "세션과 스터디, 행사와 총회까지 동아리의 한 달 일정을 확인하고 캘린더 앱으로 구독하세요.",
  });
  const events = args.loaderData?.events ?? [];
  if (events.length > 0) {
    const site = siteMetaFrom(args.matches);
    const address = args.matches[0]?.loaderData?.settings.address ?? "";
    tags.push({
      "script:ld+json": eventsStructuredData(events, {
        clubName: site.clubName,
        siteUrl: site.siteUrl,
        address,
      }),
    });
  }
  return [...tags, ...pageBreadcrumbJsonLd(args)];
};

export default function CalendarPage({ loaderData, matches }: Route.ComponentProps) {
  const { yearMonth, current, today, events, previous, next } = loaderData;
  const siteUrl = matches[0]?.loaderData?.site.siteUrl ?? "";
  const label = formatYearMonth(yearMonth);
  const isCurrent = compareMonths(yearMonth, current) === 0;
  return (
    <>
      <PageBanner eyebrow="ARCHIVE" title="캘린더" detail="정기 세션과 스터디, 행사 일정을 한눈에 확인하세요." />
      <section className={`container ${styles.section}`} aria-labelledby="calendar-month-title">
        <div className={styles.toolbar}>
          <h2 id="calendar-month-title" className={styles.monthTitle} aria-live="polite">
            {label}
          </h2>
          <nav className={styles.nav} aria-label="달 이동">
            <MonthLink target={previous} direction="previous" />
            <ButtonLink
              to="."
              data-keep-scroll=""
              variant="secondary"
              className={styles.todayLink}
              aria-current={isCurrent ? "page" : undefined}
            >
              이번 달
            </ButtonLink>
            <MonthLink target={next} direction="next" />
          </nav>
        </div>

        <div className={styles.monthView}>
          <EventMonth yearMonth={yearMonth} today={today} events={events} />
        </div>
        <div className={styles.agenda}>
          {events.length > 0 && <EventAgenda monthFirst={`${monthKey(yearMonth)}-01`} today={today} events={events} />}
        </div>
        {events.length === 0 && (
          <div className={styles.empty}>
            <EmptyState title={`${label}에는 등록된 일정이 없습니다.`}>
              다른 달의 일정을 확인하거나 캘린더를 구독해 새 일정을 받아 보세요.
            </EmptyState>
          </div>
        )}

        <aside className={styles.subscribe} aria-labelledby="calendar-subscribe-title">
          <h2 id="calendar-subscribe-title" className={styles.subscribeTitle}>
            캘린더 구독
          </h2>
          <p className={styles.subscribeText}>
            아래 주소를 구글 캘린더나 애플 캘린더에 ‘URL로 구독’으로 추가하면 동아리 일정이 자동으로 갱신됩니다.
          </p>
          <div className={styles.subscribeRow}>
            <code className={styles.feedUrl}>{`${siteUrl}/calendar.ics`}</code>
            <ButtonLink to="/calendar.ics" reloadDocument type="text/calendar">
              iCalendar 파일 받기
            </ButtonLink>
          </div>
        </aside>
      </section>
    </>
  );
}

function MonthLink({ target, direction }: { target: YearMonth | undefined; direction: "previous" | "next" }) {
  const text = direction === "previous" ? "이전 달" : "다음 달";
  const icon = direction === "previous" ? <ChevronLeftIcon /> : <ChevronRightIcon />;
  if (!target) {
    return (
      <span className={stepStyles.step} aria-disabled="true">
        {icon}
        <span className="visually-hidden">{text}</span>
      </span>
    );
  }
  return (
    <Link
      to={`?month=${monthKey(target)}`}
      data-keep-scroll=""
      className={stepStyles.step}
      rel={direction === "previous" ? "prev" : "next"}
    >
      {icon}
      <span className="visually-hidden">
        {text} ({formatYearMonth(target)})
      </span>
    </Link>
  );
}
