import { TestCalendar } from "#app/components/archive/TestCalendar.tsx";
import { PageBanner } from "#app/components/layout/PageBanner.tsx";
import { type IslandsHandle, ReactIsland } from "#app/lib/islands.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { pageBreadcrumbJsonLd } from "#app/lib/structured-data.ts";
import { parseMonthOfYear, seoulDate, seoulYearMonth } from "#shared/dates.ts";
import type { Route } from "./+types/calendartest";
import styles from "./calendartest.module.css";

/** This year in Seoul, at ?month=1-12 (clamped) or the current month. */
export function loader({ url }: Route.LoaderArgs) {
  const now = new Date();
  const current = seoulYearMonth(now);
  const requested = parseMonthOfYear(url.searchParams.get("month"));
  return {
    initial: { year: current.year, month: requested ?? current.month },
    today: seoulDate(now),
    monthRequested: requested !== undefined,
  };
}

/** The calendar steps through the months in the browser (without scripts, through ?month=). */
export const handle: IslandsHandle = { islands: ["test-calendar"] };

const BANNER_DETAIL = "올해 1월부터 12월까지, 한 달씩 넘겨 보는 달력입니다.";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "테스트 캘린더",
    description: "올해 1월부터 12월까지 한 달씩 넘겨 보는 달력입니다.",
  }),
  ...pageBreadcrumbJsonLd(args),
];

export default function CalendarTestPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageBanner eyebrow="ARCHIVE" title="테스트 캘린더" detail={BANNER_DETAIL} />
      <section className={`container ${styles.section}`}>
        <ReactIsland name="test-calendar" component={TestCalendar} props={loaderData} />
      </section>
    </>
  );
}
