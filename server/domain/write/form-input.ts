import { z } from "zod";
import { BadRequestError } from "#server/failures.ts";
import { seoulDate, seoulMidnight } from "#shared/dates.ts";
import { objectParticle } from "#shared/korean.ts";
import { MAX_SELECTED, SELECTED_FIELD, tooManySelectedMessage } from "#shared/list-selection.ts";

/**
 * Reading admin forms: the values a form sent, as zod schemas check them, and the pieces every
 * form shares (which record it edits at which version, a list's new order, dates). The one
 * module for it: a content type's commands read their forms with these and nothing else.
 */

const UNREADABLE = "보낸 양식을 읽을 수 없습니다. 페이지를 새로 고친 뒤 다시 시도해 주세요.";

/** A form no page of ours sends (rows that do not line up, a row that is not there): 400. */
export function unreadableForm(): BadRequestError {
  return new BadRequestError(UNREADABLE);
}

/**
 * A form value as text: "" for a file. A browser sends every line break as CRLF; it is read back
 * as the line feed it was typed as, so a text saved unedited is the text stored.
 */
function textOf(value: FormDataEntryValue | null): string {
  return typeof value === "string" ? value.replace(/\r\n?/g, "\n") : "";
}

/** A text field's value: "" when it is missing or holds a file instead. */
export function formText(form: FormData, name: string): string {
  return textOf(form.get(name));
}

/** A text field's value, or undefined when the form did not send the field at all. */
export function formOptionalText(form: FormData, name: string): string | undefined {
  return form.has(name) ? formText(form, name) : undefined;
}

/** Every value of a repeated text field, in the order the form lists them. */
export function formTexts(form: FormData, name: string): string[] {
  return form.getAll(name).map(textOf);
}

/**
 * The text values a schema checks: `fields` one string each ("" when missing), `lists` every
 * value of a repeated field. Files are never read here.
 */
export function formValues(form: FormData, fields: readonly string[], lists: readonly string[] = []) {
  const values: Record<string, string | string[]> = {};
  for (const field of fields) values[field] = formText(form, field);
  for (const field of lists) {
    values[field] = form
      .getAll(field)
      .filter((value) => typeof value === "string")
      .map(textOf);
  }
  return values;
}

/** A repeated group of text fields read as rows: `{ id: [...], title: [...] }` → `[{ id, title }]`. */
export function formRows<Column extends string>(
  form: FormData,
  prefix: string,
  columns: readonly Column[],
): Record<Column, string>[] {
  const values = columns.map((column) => formTexts(form, `${prefix}.${column}`));
  const length = values[0]?.length ?? 0;
  if (values.some((column) => column.length !== length)) throw unreadableForm();
  return Array.from(
    { length },
    (_, index) =>
      Object.fromEntries(columns.map((column, at) => [column, values[at]?.[index] ?? ""])) as Record<Column, string>,
  );
}

/** A whole number typed in a field, or NaN so the schema answers with its own message. */
export function formNumber(form: FormData, name: string): number {
  const text = formText(form, name).trim();
  return text === "" ? Number.NaN : Number(text);
}

/** A checkbox: sent as "on" when ticked, absent otherwise. */
export function formChecked(form: FormData, name: string): boolean {
  return formText(form, name) === "on";
}

const VERSION_MISSING = "버전 정보가 없습니다. 페이지를 새로 고친 뒤 다시 저장해 주세요.";

/** The version a whole-document form was loaded with (a hidden field every such form sends). */
export function formVersion(form: FormData): number {
  const version = Number(formText(form, "version"));
  if (!Number.isInteger(version) || version < 1) throw new BadRequestError(VERSION_MISSING);
  return version;
}

/** A record's id as a form sends it. */
export const recordId = z
  .string()
  .regex(/^[0-9A-Za-z_-]{1,64}$/, "항목을 찾을 수 없습니다. 새로 고침한 뒤 다시 시도해 주세요.");

/** The record an edit or delete form is about, with the version its page was loaded at. */
export const recordTarget = z.object({
  id: recordId,
  version: z.coerce.number().int().min(1, VERSION_MISSING),
});

export type RecordTarget = z.infer<typeof recordTarget>;

/** The id and version a form sends for the record it edits. */
export function formTarget(form: FormData): RecordTarget {
  return recordTarget.parse(formValues(form, ["id", "version"]));
}

/**
 * The records chosen in a list for one change to them all (checkboxes named `selected`, each
 * sent as "id:version", the version its row was loaded at; see shared/list-selection.ts). At
 * least one and at most MAX_SELECTED; a record named twice counts once. Refusals are 400s whose
 * message the list shows above it.
 */
export function formSelection(form: FormData, noun: string): RecordTarget[] {
  const targets = new Map<string, RecordTarget>();
  for (const value of formTexts(form, SELECTED_FIELD)) {
    const [id = "", version = "", ...rest] = value.split(":");
    const parsed = recordTarget.safeParse({ id, version });
    if (!parsed.success || rest.length > 0) throw unreadableForm();
    const known = targets.get(parsed.data.id);
    if (known && known.version !== parsed.data.version) throw unreadableForm();
    targets.set(parsed.data.id, parsed.data);
  }
  if (targets.size === 0) throw new BadRequestError(`${noun}${objectParticle(noun)} 먼저 골라 주세요.`);
  if (targets.size > MAX_SELECTED) throw new BadRequestError(tooManySelectedMessage(noun, targets.size));
  return [...targets.values()];
}

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
      new Set(id).size === id.length && expected.length === id.length && expected.every((item) => id.includes(item)),
    { message: "순서를 바꿀 항목 목록이 올바르지 않습니다. 새로 고침해 주세요.", path: ["id"] },
  );

export type OrderForm = z.infer<typeof orderForm>;

/** The new order a reorder form sends. */
export function formOrder(form: FormData): OrderForm {
  return orderForm.parse(formValues(form, [], ["expected", "id"]));
}

/**
 * The new order of one page of a paged list: the order, and how many rows of the whole list come
 * before the page (`from`; 0 when the form does not say, as a list of one page).
 */
export function formPageOrder(form: FormData): OrderForm & { from: number } {
  const text = formText(form, "from").trim();
  const from = text === "" ? 0 : Number(text);
  if (!Number.isInteger(from) || from < 0) throw unreadableForm();
  return { ...formOrder(form), from };
}

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
