import { z } from "zod";

/**
 * Text a manager must fill in, trimmed, with Korean messages: `requiredText("제목을", "제목은", 100)`
 * refuses an empty value with "제목을 입력해 주세요." and a longer one with
 * "제목은 100자까지 쓸 수 있습니다.".
 */
export function requiredText(object: string, topic: string, max: number) {
  const missing = `${object} 입력해 주세요.`;
  return z.string({ error: missing }).trim().min(1, missing).max(max, `${topic} ${max}자까지 쓸 수 있습니다.`);
}

/** Text that may stay empty (a missing field counts as empty), at most `max` characters. */
export function optionalText(topic: string, max: number) {
  return z.string().trim().max(max, `${topic} ${max}자까지 쓸 수 있습니다.`).default("");
}
