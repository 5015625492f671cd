import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
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

/** A request the server will not read: answered with status 413 and this Korean message. */
export class PayloadTooLargeError extends Error {
  override name = "PayloadTooLargeError";
  readonly status = 413;
}

/** A malformed upload or a file of the wrong kind: answered with status 400. */
export class BadUploadError extends Error {
  override name = "BadUploadError";
  readonly status = 400;
}

function megabytes(bytes: number): string {
  return bytes >= MiB ? `${Math.round(bytes / MiB)}MB` : `${Math.ceil(bytes / 1024)}KB`;
}

/**
 * Reads a multipart (or url-encoded) form with every limit enforced while the body streams in,
 * so an oversized request is refused before it fills memory.
 */
export async function readUploadForm(
  request: Request,
  limits: { maxFileBytes: number; maxFiles?: number } = { maxFileBytes: uploadLimits.imageBytes },
): Promise<FormData> {
  const maxFiles = limits.maxFiles ?? uploadLimits.files;
  const maxFileSize = Math.max(limits.maxFileBytes, uploadLimits.textBytes);
  const declaredLength = Number(request.headers.get("content-length") ?? 0);
  const maxTotalSize = maxFiles * limits.maxFileBytes + uploadLimits.textBytes + MiB;
  if (declaredLength > maxTotalSize) {
    throw new PayloadTooLargeError(
      `한 번에 보낼 수 있는 크기(${megabytes(maxTotalSize)})를 넘었습니다.`,
    );
  }
  let form: FormData;
  try {
    form = await parseFormData(request, { maxFiles, maxFileSize, maxTotalSize, maxParts: 2000 });
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) {
      // The part over the limit may be a file or a text value (the parser does not say which).
      throw new PayloadTooLargeError(
        `보낸 내용 하나가 너무 큽니다. 글은 ${megabytes(uploadLimits.textBytes)}, 파일은 하나에 ${megabytes(limits.maxFileBytes)}까지 보낼 수 있습니다.`,
      );
    }
    if (error instanceof MaxTotalSizeExceededError) {
      throw new PayloadTooLargeError(
        `한 번에 보낼 수 있는 크기(${megabytes(maxTotalSize)})를 넘었습니다.`,
      );
    }
    if (error instanceof MaxFilesExceededError || error instanceof MaxPartsExceededError) {
      throw new PayloadTooLargeError(`파일은 한 번에 ${maxFiles}개까지 올릴 수 있습니다.`);
    }
    if (error instanceof MaxHeaderSizeExceededError || error instanceof FormDataParseError) {
      throw new BadUploadError("보낸 양식을 읽을 수 없습니다. 다시 시도해 주세요.");
    }
    throw error;
  }
  // The parser's per-part limit also covers text values (up to 10 MiB), so files are held to
  // their own, usually smaller, limit here.
  for (const value of form.values()) {
    if (value instanceof File && value.size > limits.maxFileBytes) {
      throw new PayloadTooLargeError(
        `파일 하나는 ${megabytes(limits.maxFileBytes)}까지 올릴 수 있습니다.`,
      );
    }
  }
  return form;
}

/** The uploaded files of a field, ignoring empty file inputs. */
export function filesOf(form: FormData, field: string): File[] {
  return form
    .getAll(field)
    .filter((value): value is File => value instanceof File && value.size > 0);
}

/** Checks an uploaded image by its bytes and prepares it for storage (orientation, no metadata). */
export async function acceptImage(
  file: File,
  options?: { maxSide?: number },
): Promise<ProcessedImage> {
  if (file.size > uploadLimits.imageBytes) {
    throw new PayloadTooLargeError(
      `이미지는 ${megabytes(uploadLimits.imageBytes)}까지 올릴 수 있습니다.`,
    );
  }
  try {
    return await processImage(Buffer.from(await file.arrayBuffer()), options);
  } catch (error) {
    if (error instanceof NotAnImageError) throw new BadUploadError(error.message);
    throw error;
  }
}

/** Checks that an uploaded file is a PDF by its first bytes. */
export async function acceptPdf(file: File): Promise<Uint8Array> {
  if (file.size > uploadLimits.pdfBytes) {
    throw new PayloadTooLargeError(
      `PDF는 ${megabytes(uploadLimits.pdfBytes)}까지 올릴 수 있습니다.`,
    );
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!isPdf(bytes))
    throw new BadUploadError("PDF 파일이 아닙니다. %PDF-로 시작하는 PDF 문서만 올릴 수 있습니다.");
  return bytes;
}
