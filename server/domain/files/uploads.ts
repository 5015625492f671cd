import { BadRequestError, PayloadTooLargeError } from "#server/failures.ts";
import { isPdf, NotAnImageError, type ProcessedImage, processImage } from "./images.ts";

const MiB = 1024 * 1024;

/** Size limits for what managers upload. The browser compresses images to 4 MB before sending. */
export const uploadLimits = {
  imageBytes: 10 * MiB,
  pdfBytes: 30 * MiB,
  /** The spec's limit for one text value. */
  textBytes: 10 * MiB,
  files: 20,
} as const;

export function megabytes(bytes: number): string {
  return bytes >= MiB ? `${Math.round(bytes / MiB)}MB` : `${Math.ceil(bytes / 1024)}KB`;
}

/** The uploaded files of a field, ignoring empty file inputs. */
export function filesOf(form: FormData, field: string): File[] {
  return form.getAll(field).filter((value): value is File => value instanceof File && value.size > 0);
}

/** Checks an uploaded image by its bytes and prepares it for storage (orientation, no metadata). */
export async function acceptImage(file: File, options?: { maxSide?: number }): Promise<ProcessedImage> {
  if (file.size > uploadLimits.imageBytes) {
    throw new PayloadTooLargeError(`이미지는 ${megabytes(uploadLimits.imageBytes)}까지 올릴 수 있습니다.`);
  }
  try {
    return await processImage(Buffer.from(await file.arrayBuffer()), options);
  } catch (error) {
    if (error instanceof NotAnImageError) throw new BadRequestError(error.message);
    throw error;
  }
}

/**
 * Checks that an uploaded file is a PDF by its first bytes, and that it carries no script or
 * launch action (pdf-actions.ts).
 */
export async function acceptPdf(file: File): Promise<Uint8Array> {
  if (file.size > uploadLimits.pdfBytes) {
    throw new PayloadTooLargeError(`PDF는 ${megabytes(uploadLimits.pdfBytes)}까지 올릴 수 있습니다.`);
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!isPdf(bytes)) throw new BadRequestError("PDF 파일이 아닙니다. %PDF-로 시작하는 PDF 문서만 올릴 수 있습니다.");
  // pdf-lib is loaded for the first PDF upload, not by every server process at start.
  const { findPdfAction } = await import("./pdf-actions.ts");
  const action = await findPdfAction(bytes);
  if (action) {
    const what = action === "Launch" ? "프로그램을 실행하는 동작" : "스크립트(JavaScript)";
    throw new BadRequestError(
      `이 PDF에는 ${what}이 들어 있어 올릴 수 없습니다. PDF를 다시 저장하거나 인쇄해 그 동작을 없앤 파일을 올려 주세요.`,
    );
  }
  return bytes;
}
