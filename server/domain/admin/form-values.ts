import { BadRequestError as BadUploadError } from "../input-errors.ts";

/** A text field's value: "" when it is missing or holds a file instead. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** Every value of a repeated text field, in the order the form lists them. */
export function formTexts(form: FormData, name: string): string[] {
  return form.getAll(name).map((value) => (typeof value === "string" ? value : ""));
}

/** A repeated group of text fields read as rows: `{ id: [...], title: [...] }` → `[{ id, title }]`. */
export function formRows<Column extends string>(
  form: FormData,
  prefix: string,
  columns: readonly Column[],
): Record<Column, string>[] {
  const values = columns.map((column) => formTexts(form, `${prefix}.${column}`));
  const length = values[0]?.length ?? 0;
  if (values.some((column) => column.length !== length)) {
    throw new BadUploadError(
      "보낸 양식을 읽을 수 없습니다. 페이지를 새로 고친 뒤 다시 시도해 주세요.",
    );
  }
  return Array.from(
    { length },
    (_, index) =>
      Object.fromEntries(
        columns.map((column, at) => [column, values[at]?.[index] ?? ""]),
      ) as Record<Column, string>,
  );
}

/** The version the form was loaded with (a hidden field every form sends). */
export function formVersion(form: FormData): number {
  const version = Number(formText(form, "version"));
  if (!Number.isInteger(version) || version < 1) {
    throw new BadUploadError(
      "보낸 양식에 버전 정보가 없습니다. 페이지를 새로 고친 뒤 다시 저장해 주세요.",
    );
  }
  return version;
}

/** A whole number typed in a field, or NaN so the schema answers with its own message. */
export function formNumber(form: FormData, name: string): number {
  const text = formText(form, name).trim();
  return text === "" ? Number.NaN : Number(text);
}
