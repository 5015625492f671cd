import { formatDateTime } from "./format.ts";

/** What every step of signing in says when the limiter refuses (password, code or passkey). */
export function limitedMessage(retryAt: Date, now: Date = new Date()): string {
  const minutes = Math.ceil(retryAfterSeconds(retryAt, now) / 60);
  return (
    `로그인에 너무 많이 실패했습니다. ${formatDateTime(retryAt.toISOString())}부터 ` +
    `다시 시도할 수 있습니다 (약 ${minutes}분 후).`
  );
}

/** The Retry-After value for a refusal that lifts at `retryAt`. */
export function retryAfterSeconds(retryAt: Date, now: Date = new Date()): number {
  return Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
}

/** The header that tells a refused client when it may try again. */
export function retryAfterHeader(retryAt: Date): { "Retry-After": string } {
  return { "Retry-After": String(retryAfterSeconds(retryAt)) };
}
