import { z } from "zod";
import { seoulDate, seoulMidnight } from "../../../app/lib/calendar-dates.ts";

/**
 * zod pieces that admin forms share: which record a form edits (and the version it was loaded
 * at), a list's new order, and calendar dates as a date input sends them.
 */

const recordId = z
  .string()
  .regex(/^[0-9A-Za-z_-]{1,64}$/, "항목을 찾을 수 없습니다. 새로 고침한 뒤 다시 시도해 주세요.");

/** The record an edit or delete form is about, with the version its page was loaded at. */
export const recordTarget = z.object({
  id: recordId,
  version: z.coerce
    .number()
    .int()
    .min(1, "항목의 버전 정보가 없습니다. 새로 고침한 뒤 다시 시도해 주세요."),
});

export type RecordTarget = z.infer<typeof recordTarget>;

/**
 * A reorder: the ids in the order the page showed them (`expected`) and in the new order (`id`).
 * Both name the same items once each.
 */
export const orderForm = z
  .object({
    expected: z.array(recordId).min(1).max(1000),
    id: z.array(recordId).min(1).max(1000),
  })
  .refine(
    ({ expected, id }) =>
      new Set(id).size === id.length &&
      expected.length === id.length &&
      expected.every((item) => id.includes(item)),
    { message: "순서를 바꿀 항목 목록이 올바르지 않습니다. 새로 고침해 주세요.", path: ["id"] },
  );

export type OrderForm = z.infer<typeof orderForm>;

/** A date input's value ("YYYY-MM-DD", a Seoul calendar day) as the instant that day begins. */
export const seoulDateInput = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "날짜를 골라 주세요.")
  .refine((value) => {
    const year = Number(value.slice(0, 4));
    return year >= 1900 && year <= 2100 && seoulDate(seoulMidnight(value)) === value;
  }, "있는 날짜를 골라 주세요.")
  .transform((value) => seoulMidnight(value).toISOString());

/** A stored instant as a date input shows it. */
export function dateInputValue(instant: string): string {
  return seoulDate(instant);
}

/** The values a form sent, as zod reads them: one string per field, lists for repeated ones. */
export function formValues(form: FormData, fields: string[], lists: string[] = []) {
  const values: Record<string, string | string[]> = {};
  for (const field of fields) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value : "";
  }
  for (const field of lists) {
    values[field] = form
      .getAll(field)
      .filter((value): value is string => typeof value === "string");
  }
  return values;
}
