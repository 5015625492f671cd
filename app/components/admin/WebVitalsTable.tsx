import { EmptyState } from "#app/components/ui/EmptyState.tsx";
import type { WebVitalStats, WebVitalSummaries } from "#server/domain/analytics/web-vitals.ts";
import {
  formatWebVital,
  WEB_VITAL_NAMES,
  WEB_VITAL_RATING_LABELS,
  WEB_VITALS,
  type WebVitalName,
  type WebVitalRating,
} from "#shared/web-vitals.ts";
import { Badge, DataTable } from "./DataTable.tsx";
import styles from "./WebVitalsTable.module.css";

const TONES: Record<WebVitalRating, "success" | "warning" | "danger"> = {
  good: "success",
  "needs-improvement": "warning",
  poor: "danger",
};

const FULL_NAMES: Record<WebVitalName, string> = {
  LCP: "Largest Contentful Paint",
  INP: "Interaction to Next Paint",
  CLS: "Cumulative Layout Shift",
  FCP: "First Contentful Paint",
  TTFB: "Time to First Byte",
};

/**
 * The 75th percentile of each web vital per page, as visitors' browsers measured it, each with
 * its rating in words (not colour alone) against Google's thresholds, which the legend lists.
 */
export function WebVitalsTable({ stats }: { stats: WebVitalStats }) {
  if (stats.byPath.length === 0) {
    return <EmptyState title="아직 측정된 방문이 없습니다." />;
  }
  return (
    <>
      <DataTable caption="페이지별 Web Vitals 75번째 백분위수">
        <thead>
          <tr>
            <th scope="col">페이지</th>
            {WEB_VITAL_NAMES.map((name) => (
              <th scope="col" key={name}>
                <abbr title={FULL_NAMES[name]}>{name}</abbr>
                <span className={styles.metricLabel}>{WEB_VITALS[name].label}</span>
              </th>
            ))}
            <th scope="col" data-numeric>
              측정한 방문
            </th>
          </tr>
        </thead>
        <tbody>
          <Row label="모든 페이지" metrics={stats.overall} samples={undefined} />
          {stats.byPath.map((page) => (
            <Row key={page.path} label={page.path} metrics={page.metrics} samples={page.samples} />
          ))}
        </tbody>
      </DataTable>
      <p className={styles.legendTitle}>판정 기준</p>
      <dl className={styles.legend}>
        {WEB_VITAL_NAMES.map((name) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>
              {formatWebVital(name, WEB_VITALS[name].good)} 이하 좋음 · {formatWebVital(name, WEB_VITALS[name].poor)}{" "}
              넘으면 나쁨
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function Row({ label, metrics, samples }: { label: string; metrics: WebVitalSummaries; samples: number | undefined }) {
  const total = samples ?? Math.max(0, ...Object.values(metrics).map((metric) => metric.samples));
  return (
    <tr data-overall={samples === undefined || undefined}>
      <th scope="row" className={samples === undefined ? undefined : styles.path}>
        {label}
      </th>
      {WEB_VITAL_NAMES.map((name) => {
        const metric = metrics[name];
        return (
          <td key={name} data-nowrap>
            {metric ? (
              <>
                <span className={styles.value}>
                  {metric.atLeast ? "> " : ""}
                  {formatWebVital(name, metric.p75)}
                </span>{" "}
                <Badge tone={TONES[metric.rating]}>{WEB_VITAL_RATING_LABELS[metric.rating]}</Badge>
              </>
            ) : (
              <span className={styles.none}>측정 없음</span>
            )}
          </td>
        );
      })}
      <td data-numeric>{total.toLocaleString("ko-KR")}</td>
    </tr>
  );
}
