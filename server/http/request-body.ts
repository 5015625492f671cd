import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
import type { z } from "zod";
import { megabytes, uploadLimits } from "#server/domain/files/uploads.ts";
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from "#server/failures.ts";

/**
 * The one way a request body is read. A form must come as multipart or URL-encoded, JSON as
 * JSON; every limit is enforced while the body streams in, so an oversized request is refused
 * before it fills memory. Anything else is an InputError: 400 malformed, 413 too large, 415 of
 * the wrong type, each with a Korean message, never a server error.
 */

const MiB = 1024 * 1024;
const FORM_TYPES = ["multipart/form-data", "application/x-www-form-urlencoded"];
const UNREADABLE = "보낸 양식을 읽을 수 없습니다. 페이지를 새로 고친 뒤 다시 시도해 주세요.";

export interface FormLimits {
  /** The largest file; 0 when the form takes no files. */
  maxFileBytes: number;
  maxFiles: number;
  /** The largest text value (the spec allows 10 MiB for an article). */
  maxTextBytes?: number;
}

/** A form without files: text values only. */
export const TEXT_ONLY: FormLimits = { maxFileBytes: 0, maxFiles: 0 };

function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

export async function readForm(request: Request, limits: FormLimits): Promise<FormData> {
  if (!FORM_TYPES.includes(mediaType(request))) {
    throw new UnsupportedMediaTypeError("양식으로 보낸 요청만 받을 수 있습니다.");
  }
  const maxTextBytes = limits.maxTextBytes ?? uploadLimits.textBytes;
  const maxFiles = limits.maxFiles;
  const maxFileSize = Math.max(limits.maxFileBytes, maxTextBytes);
  // A URL-encoded body cannot carry files: it is held to the text's share, while it streams in.
  const urlEncoded = mediaType(request) === "application/x-www-form-urlencoded";
  const maxTotalSize = (urlEncoded ? 0 : maxFiles * limits.maxFileBytes) + maxTextBytes + MiB;
  const tooLarge = `한 번에 보낼 수 있는 크기(${megabytes(maxTotalSize)})를 넘었습니다.`;
  if (Number(request.headers.get("content-length") ?? 0) > maxTotalSize) {
    throw new PayloadTooLargeError(tooLarge);
  }
  let form: FormData;
  try {
    form = await parseFormData(request, { maxFiles, maxFileSize, maxTotalSize, maxParts: 2000 });
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) {
      // The part over the limit may be a file or a text value (the parser does not say which).
      throw new PayloadTooLargeError(
        limits.maxFiles > 0
          ? `보낸 내용 하나가 너무 큽니다. 글은 ${megabytes(maxTextBytes)}, 파일은 하나에 ${megabytes(limits.maxFileBytes)}까지 보낼 수 있습니다.`
          : `보낸 내용 하나가 너무 큽니다. 글은 ${megabytes(maxTextBytes)}까지 보낼 수 있습니다.`,
      );
    }
    if (error instanceof MaxTotalSizeExceededError) throw new PayloadTooLargeError(tooLarge);
    if (error instanceof MaxFilesExceededError) {
      throw new PayloadTooLargeError(
        maxFiles === 0 ? "이 양식은 파일을 받지 않습니다." : `파일은 한 번에 ${maxFiles}개까지 올릴 수 있습니다.`,
      );
    }
    if (error instanceof MaxPartsExceededError) {
      throw new PayloadTooLargeError("보낸 항목이 너무 많습니다.");
    }
    if (error instanceof MaxHeaderSizeExceededError || error instanceof FormDataParseError) {
      throw new BadRequestError(UNREADABLE);
    }
    // A body cut off or otherwise unreadable as it streams in.
    if (error instanceof TypeError) throw new BadRequestError(UNREADABLE);
    throw error;
  }
  // The parser's per-part limit also covers text values, so files are held to their own,
  // usually smaller, limit here.
  for (const value of form.values()) {
    if (value instanceof File && value.size > limits.maxFileBytes) {
      throw new PayloadTooLargeError(`파일 하나는 ${megabytes(limits.maxFileBytes)}까지 올릴 수 있습니다.`);
    }
  }
  return form;
}

/**
 * A small JSON body (page views, web vitals). `navigator.sendBeacon` sends a string as
 * text/plain, so that type is taken as JSON too.
 */
export async function readJson(request: Request, maxBytes: number): Promise<unknown> {
  const type = mediaType(request);
  if (type !== "application/json" && type !== "text/plain") {
    throw new UnsupportedMediaTypeError("JSON으로 보낸 요청만 받을 수 있습니다.");
  }
  const text = await readLimited(request, maxBytes);
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestError("JSON을 읽을 수 없습니다.");
  }
}

/** A small JSON body checked against its schema: the first issue's message is the 400's. */
export async function readJsonInput<T>(request: Request, schema: z.ZodType<T>, maxBytes: number): Promise<T> {
  const input = schema.safeParse(await readJson(request, maxBytes));
  if (!input.success) throw new BadRequestError(input.error.issues[0]?.message ?? "요청 내용이 올바르지 않습니다.");
  return input.data;
}

/**
 * A large upload sent as the body itself (a backup archive, with the browser's upload progress),
 * written to `file` as it streams in and refused once it grows past `maxBytes`. Answers its size.
 */
export async function readBodyToFile(
  request: Request,
  file: string,
  limits: { maxBytes: number; mediaTypes: readonly string[] },
): Promise<number> {
  if (!limits.mediaTypes.includes(mediaType(request))) {
    throw new UnsupportedMediaTypeError(`${limits.mediaTypes[0]} 파일만 받을 수 있습니다.`);
  }
  const tooLarge = new PayloadTooLargeError(`파일은 ${megabytes(limits.maxBytes)}까지 올릴 수 있습니다.`);
  if (Number(request.headers.get("content-length") ?? "0") > limits.maxBytes) throw tooLarge;
  if (!request.body) throw new BadRequestError("보낸 파일이 비어 있습니다.");
  let size = 0;
  try {
    await pipeline(
      Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>),
      async function* (chunks: AsyncIterable<Uint8Array>) {
        for await (const chunk of chunks) {
          size += chunk.byteLength;
          if (size > limits.maxBytes) throw tooLarge;
          yield chunk;
        }
      },
      createWriteStream(file),
    );
  } catch (error) {
    await rm(file, { force: true });
    if (error === tooLarge) throw error;
    throw new BadRequestError("보낸 파일을 끝까지 받지 못했습니다. 다시 올려 주세요.");
  }
  if (size === 0) throw new BadRequestError("보낸 파일이 비어 있습니다.");
  return size;
}

/** The body as text, refused once it grows past `limit` bytes (without reading the rest). */
async function readLimited(request: Request, limit: number): Promise<string> {
  const tooLarge = new PayloadTooLargeError(`요청은 ${megabytes(limit)}까지 받을 수 있습니다.`);
  if (Number(request.headers.get("content-length") ?? "0") > limit) throw tooLarge;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        throw tooLarge;
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error === tooLarge) throw error;
    throw new BadRequestError("요청 본문을 읽을 수 없습니다.");
  }
  return Buffer.concat(chunks).toString("utf8");
}
