import type { FileChanges, StoredFile } from "../files/files.ts";
import type { ProcessedImage } from "../files/images.ts";
import { acceptImage, acceptPdf, BadUploadError } from "../files/uploads.ts";
import { FieldError } from "./run-write.ts";

/**
 * The upload checks (`acceptImage`, `acceptPdf`) for a file that came in a form field: a refused
 * file is answered next to that field.
 */
async function checkedFrom<T>(field: string, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof BadUploadError) throw new FieldError(field, error.message);
    throw error;
  }
}

export function imageFromField(file: File, field: string): Promise<ProcessedImage> {
  return checkedFrom(field, () => acceptImage(file));
}

export function pdfFromField(file: File, field: string): Promise<Uint8Array> {
  return checkedFrom(field, () => acceptPdf(file));
}

/** Stores a checked image (and its smaller copies) in `folder`, inside the write's transaction. */
export function storeImage(
  files: FileChanges,
  folder: string,
  image: ProcessedImage,
  originalName: string,
): Promise<StoredFile> {
  return files.store({
    folder,
    extension: image.extension,
    contentType: image.contentType,
    body: image.body,
    width: image.width,
    height: image.height,
    variants: image.variants,
    originalName,
  });
}
