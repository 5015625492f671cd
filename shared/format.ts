/** Dates as the club writes them, always in Korea's time zone whatever the server's. */
const TIME_ZONE = "Asia/Seoul";

const longDate = new Intl.DateTimeFormat("ko-KR", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: TIME_ZONE,
});

const shortDate = new Intl.DateTimeFormat("ko-KR", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: TIME_ZONE,
});

const dateTime = new Intl.DateTimeFormat("ko-KR", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
  timeZone: TIME_ZONE,
});

function valid(iso: string): Date | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** 2026년 11월 22일 */
export function formatLongDate(iso: string): string {
  const date = valid(iso);
  return date ? longDate.format(date) : iso;
}

/** 2026. 11. 22. */
export function formatShortDate(iso: string): string {
  const date = valid(iso);
  return date ? shortDate.format(date) : iso;
}

/** 2026. 11. 22. 19:00 */
export function formatDateTime(iso: string): string {
  const date = valid(iso);
  return date ? dateTime.format(date) : iso;
}
