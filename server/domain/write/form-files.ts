import type { NewFile } from "#server/domain/files/files.ts";
import { acceptImage, acceptPdf, filesOf } from "#server/domain/files/uploads.ts";
import { FieldError, InputError } from "#server/failures.ts";

/**
 * The files an admin form carries, checked by their bytes and prepared for storage before the
 * write's transaction opens (decision 0011): the transaction then only stores bytes that are
 * ready. A file of the wrong kind is refused next to its field.
 */

/** A checked upload, ready for `files.store({ folder, ...file })`. */
export type UploadedFile = Omit<NewFile, "folder">;

/** The one file chosen in `field`, or undefined; two or more are refused next to the field. */
function singleFile(form: FormData, field: string): File | undefined {
  const chosen = filesOf(form, field);
  if (chosen.length > 1) throw new FieldError(field, "파일은 하나만 올릴 수 있습니다.");
  return chosen[0];
}

async function checkedAs<T>(field: string, check: Promise<T>, prefix = ""): Promise<T> {
  try {
    return await check;
  } catch (error) {
    if (error instanceof InputError && error.status === 400) {
      throw new FieldError(field, `${prefix}${error.message}`);
    }
    throw error;
  }
}

/**
 * The image uploaded in `field`: orientation applied, metadata stripped, WebP with smaller
 * copies; undefined when none was chosen.
 */
export async function uploadedImage(
  form: FormData,
  field: string,
  options?: { maxSide?: number },
): Promise<UploadedFile | undefined> {
  const file = singleFile(form, field);
  if (!file) return undefined;
  return checkedAs(field, preparedImage(file, options));
}

/**
 * Every image uploaded in `field`, in the form's order, each prepared as `uploadedImage` does.
 * A refusal names the file and is shown next to `errorField` (the list the files belong to).
 */
export async function uploadedImages(form: FormData, field: string, errorField = field): Promise<UploadedFile[]> {
  const images: UploadedFile[] = [];
  for (const file of filesOf(form, field)) {
    images.push(await checkedAs(errorField, preparedImage(file), `'${file.name.slice(0, 100)}': `));
  }
  return images;
}

async function preparedImage(file: File, options?: { maxSide?: number }): Promise<UploadedFile> {
  return { ...(await acceptImage(file, options)), originalName: file.name };
}

/** The PDF uploaded in `field` (it must start with %PDF-); undefined when none was chosen. */
export async function uploadedPdf(form: FormData, field: string): Promise<UploadedFile | undefined> {
  const file = singleFile(form, field);
  if (!file) return undefined;
  const body = await checkedAs(field, acceptPdf(file));
  return { extension: "pdf", contentType: "application/pdf", body, originalName: file.name };
}

/** A file a new record cannot do without, refused next to its field when missing. */
export function required<T>(file: T | undefined, field: string, message: string): T {
  if (!file) throw new FieldError(field, message);
  return file;
}
