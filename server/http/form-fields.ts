import { z } from "zod";
import type { WriteResult } from "../../shared/write-result.ts";
import { failureAnswer } from "../domain/admin/run-write.ts";
import { InputError } from "../domain/input-errors.ts";
import { readForm, TEXT_ONLY } from "./request-body.ts";

/**
 * Reads an admin form within the upload limits (text values up to the spec's 10 MiB; files only
 * when `maxFileBytes` is given). Too much or a malformed body gives the answer to send instead.
 */
export async function readAdminForm(
  request: Request,
  files?: { maxFileBytes: number; maxFiles?: number },
): Promise<{ form: FormData } | { refused: WriteResult<never> }> {
  try {
    return {
      form: await readForm(request, files ? { maxFiles: 20, ...files } : TEXT_ONLY),
    };
  } catch (error) {
    if (error instanceof InputError) {
      return { refused: failureAnswer(error) };
    }
    throw error;
  }
}

/**
 * A form's text values by name (the first value of each), for a zod schema to check. Files and
 * missing fields are left out, so the schema decides what a missing value means.
 */
export function textValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === "string" && !(name in values)) values[name] = value;
  }
  return values;
}

/** A record's id as forms send it back. */
export const recordIdSchema = z.string({ error: "대상을 찾을 수 없습니다." }).min(1).max(64);

/** The version a form was loaded with. */
export const versionSchema = z.coerce
  .number({ error: "버전 정보가 없습니다. 새로 고침한 뒤 다시 시도해 주세요." })
  .int()
  .min(1);
