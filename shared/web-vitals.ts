/**
 * The five web vitals the site measures on real visits, with Google's thresholds: a value up to
 * `good` is good, up to `poor` needs improvement, above it is poor. Shared by the browser's
 * reporter, the endpoint that checks its reports and the dashboard that shows them.
 */
export const WEB_VITAL_NAMES = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;

export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];

export type WebVitalRating = "good" | "needs-improvement" | "poor";

export interface WebVitalDefinition {
  /** What the metric measures, in Korean, for the dashboard. */
  label: string;
  /** Milliseconds, or a score without unit (layout shift). */
  unit: "ms" | "score";
  good: number;
  poor: number;
}

export const WEB_VITALS: Record<WebVitalName, WebVitalDefinition> = {
  LCP: { label: "가장 큰 콘텐츠가 보일 때까지", unit: "ms", good: 2500, poor: 4000 },
  INP: { label: "입력에 화면이 반응하기까지", unit: "ms", good: 200, poor: 500 },
  CLS: { label: "읽는 중 화면이 밀린 정도", unit: "score", good: 0.1, poor: 0.25 },
  FCP: { label: "첫 내용이 보일 때까지", unit: "ms", good: 1800, poor: 3000 },
  TTFB: { label: "서버의 첫 응답까지", unit: "ms", good: 800, poor: 1800 },
};

export const WEB_VITAL_RATING_LABELS: Record<WebVitalRating, string> = {
  good: "좋음",
  "needs-improvement": "개선 필요",
  poor: "나쁨",
};

export function rateWebVital(name: WebVitalName, value: number): WebVitalRating {
  const { good, poor } = WEB_VITALS[name];
  return value <= good ? "good" : value <= poor ? "needs-improvement" : "poor";
}

/** "2.5 s", "180 ms", "0.08": seconds from one second up, as people read these numbers. */
export function formatWebVital(name: WebVitalName, value: number): string {
  if (WEB_VITALS[name].unit === "score") return String(Number(value.toFixed(2)));
  if (value < 1000) return `${Math.round(value)} ms`;
  return `${Number((value / 1000).toFixed(value < 10_000 ? 1 : 0))} s`;
}
