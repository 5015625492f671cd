import type { WriteResult } from "../../../shared/write-result.ts";
import type { Db } from "../../db/database.ts";
import { readForm as readUploadForm } from "../../http/request-body.ts";
import type { Services } from "../../services.ts";
import type { FileChanges, NewFile } from "../files/files.ts";
import { acceptImage, acceptPdf, filesOf } from "../files/uploads.ts";
import { BadRequestError as BadUploadError } from "../input-errors.ts";
import { FieldError, failWrite, runWrite, type WriteDescription } from "./run-write.ts";

/** A checked upload, ready for `files.store({ folder, ...file })`. */
export type UploadedFile = Omit<NewFile, "folder">;

export interface UploadWrite<Prepared, Result> {
  limits: { maxFileBytes: number; maxFiles: number };
  /** Logged when the form cannot be read at all. */
  unreadable: Pick<WriteDescription, "category" | "failure">;
  /** The write's messages, from the form as it was sent. */
  describe: (form: FormData) => WriteDescription<Result>;
  /** Reads and checks the form; throws like the work would (zod, FieldError, bad uploads). */
  prepare: (form: FormData) => Promise<Prepared>;
  work: (trx: Db, files: FileChanges, prepared: Prepared) => Promise<Result>;
}

/**
 * The one way an upload endpoint writes: the multipart form is read with its limits (413 when
 * too large); `prepare` checks its fields and converts its files before the transaction opens,
 * so the database is not held while images are processed; `work` writes through `runWrite`.
 * Every refusal on the way is answered and logged as a failure like any failed write.
 */
export async function runUploadWrite<Prepared, Result>(
  services: Pick<Services, "db" | "storage" | "logger" | "pageCache">,
  actor: string,
  request: Request,
  options: UploadWrite<Prepared, Result>,
): Promise<WriteResult<Result>> {
  let form: FormData;
  try {
    form = await readUploadForm(request, options.limits);
  } catch (error) {
    return failWrite(services, actor, options.unreadable, error);
  }
  const description = options.describe(form);
  let prepared: Prepared;
  try {
    prepared = await options.prepare(form);
  } catch (error) {
    return failWrite(services, actor, description, error);
  }
  return runWrite(services, actor, description, (trx, files) => options.work(trx, files, prepared));
}

/** The one file chosen in `field`, or undefined; two or more are refused next to the field. */
function singleFile(form: FormData, field: string): File | undefined {
  const chosen = filesOf(form, field);
  if (chosen.length > 1) throw new FieldError(field, "파일은 하나만 올릴 수 있습니다.");
  return chosen[0];
}

/** A file of the wrong kind is refused next to its field. */
async function checkedAs<T>(field: string, check: Promise<T>): Promise<T> {
  try {
    return await check;
  } catch (error) {
    if (error instanceof BadUploadError) throw new FieldError(field, error.message);
    throw error;
  }
}

/**
 * The image uploaded in `field`, checked by its bytes and prepared for storage (orientation
 * applied, metadata stripped, WebP with smaller copies); undefined when none was chosen.
 */
export async function uploadedImage(
  form: FormData,
  field: string,
): Promise<UploadedFile | undefined> {
  const file = singleFile(form, field);
  if (!file) return undefined;
  const image = await checkedAs(field, acceptImage(file));
  return {
    extension: image.extension,
    contentType: image.contentType,
    body: image.body,
    width: image.width,
    height: image.height,
    variants: image.variants,
    originalName: file.name,
  };
}

/** The PDF uploaded in `field` (it must start with %PDF-); undefined when none was chosen. */
export async function uploadedPdf(
  form: FormData,
  field: string,
): Promise<UploadedFile | undefined> {
  const file = singleFile(form, field);
  if (!file) return undefined;
  const body = await checkedAs(field, acceptPdf(file));
  return { extension: "pdf", contentType: "application/pdf", body, originalName: file.name };
}
