import type { SiteTraffic } from "#server/domain/dashboard/site-traffic.ts";
import { formatDayLabel } from "#shared/dates.ts";
import { DataTable } from "../DataTable.tsx";
import styles from "./PageViewChart.module.css";

/**
 * Views per day as a bar chart drawn on the server: plain SVG, so it reads before any script
 * loads. Bars are placed in percentages of the width and the text in pixels, so the chart fills
 * a phone or a wide screen without its labels shrinking or stretching. The summary below says
 * what it shows in words, and the table under it gives every number.
 */

/** The drawing's height and the plot inside it, in pixels; the axis labels sit outside the box. */
const HEIGHT = 184;
const PLOT_TOP = 16;
const PLOT_BOTTOM = 156;
const LABEL_Y = 176;
/** Bar width as a share of its day's slot. */
const BAR_SHARE = 0.68;
/** A date label every week, counted back from today. */
const LABEL_EVERY = 7;

export function PageViewChart({ traffic }: { traffic: SiteTraffic }) {
  const { byDay, busiest, total } = traffic;
  const { top, step } = axisOf(busiest?.views ?? 0);
  const slot = 100 / byDay.length;
  const yOf = (views: number) => PLOT_BOTTOM - (views / top) * (PLOT_BOTTOM - PLOT_TOP);
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);

  return (
    <figure className={styles.figure}>
      <div className={styles.frame}>
        <svg
          role="img"
          aria-label={`최근 ${traffic.days}일 일별 페이지 조회수 그래프`}
          aria-describedby="traffic-summary"
          className={styles.chart}
          width="100%"
          height={HEIGHT}
        >
          {ticks.map((tick) => (
            <g key={tick} className={styles.grid}>
              <line x1="0" x2="100%" y1={yOf(tick)} y2={yOf(tick)} />
              <text x={-8} y={yOf(tick)} textAnchor="end" dominantBaseline="middle">
                {tick.toLocaleString("ko-KR")}
              </text>
            </g>
          ))}
          {byDay.map((day, index) => {
            const center = (index + 0.5) * slot;
            const isBusiest = day.day === busiest?.day;
            const labelled = (byDay.length - 1 - index) % LABEL_EVERY === 0;
            return (
              <g key={day.day}>
                {day.views > 0 && (
                  <rect
                    className={isBusiest ? styles.busiest : styles.bar}
                    x={`${center - (slot * BAR_SHARE) / 2}%`}
                    width={`${slot * BAR_SHARE}%`}
                    y={yOf(day.views)}
                    height={PLOT_BOTTOM - yOf(day.views)}
                  >
                    <title>{`${formatDayLabel(day.day)} ${day.views.toLocaleString("ko-KR")}회`}</title>
                  </rect>
                )}
                {isBusiest && (
                  <text className={styles.value} x={`${center}%`} y={yOf(day.views) - 4} textAnchor="middle">
                    {day.views.toLocaleString("ko-KR")}
                  </text>
                )}
                {labelled && (
                  <text className={styles.date} x={`${center}%`} y={LABEL_Y} textAnchor="middle">
                    {shortDate(day.day)}
                  </text>
                )}
              </g>
            );
          })}
          <line className={styles.baseline} x1="0" x2="100%" y1={PLOT_BOTTOM} y2={PLOT_BOTTOM} />
        </svg>
      </div>
      <figcaption id="traffic-summary" className={styles.summary}>
        {summaryOf(traffic)}
      </figcaption>
      <details className={styles.details}>
        <summary>날짜별 조회수 표로 보기</summary>
        <DataTable caption={`날짜별 페이지 조회수 (합계 ${total.toLocaleString("ko-KR")}회)`} hideCaption>
          <thead>
            <tr>
              <th scope="col">날짜</th>
              <th scope="col" data-numeric>
                조회수
              </th>
            </tr>
          </thead>
          <tbody>
            {byDay.map((day) => (
              <tr key={day.day}>
                <th scope="row">
                  <time dateTime={day.day}>{formatDayLabel(day.day)}</time>
                </th>
                <td data-numeric>{day.views.toLocaleString("ko-KR")}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </details>
    </figure>
  );
}

/** What the chart shows, in one or two sentences. */
function summaryOf({ days, range, total, busiest }: SiteTraffic): string {
  const span = `${formatDayLabel(range.from)}부터 ${formatDayLabel(range.to)}까지 ${days}일 동안`;
  if (!busiest) return `${span} 기록된 페이지 조회가 없습니다.`;
  const average = (total / days).toLocaleString("ko-KR", { maximumFractionDigits: 1 });
  return (
    `${span} 페이지 조회 ${total.toLocaleString("ko-KR")}회, 하루 평균 ${average}회입니다. ` +
    `가장 많았던 날은 ${formatDayLabel(busiest.day)}, ${busiest.views.toLocaleString("ko-KR")}회입니다.`
  );
}

/** A round top for the axis and the step between its lines: 1, 2 or 5 times a power of ten, about four lines. */
function axisOf(max: number): { top: number; step: number } {
  if (max <= 0) return { top: 4, step: 1 };
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((factor) => factor * magnitude).find((size) => size >= rough) ?? rough);
  return { top: Math.ceil(max / step) * step, step };
}

/** "11/24" */
function shortDate(day: string): string {
  const [, month = 1, date = 1] = day.split("-").map(Number);
  return `${month}/${date}`;
}
