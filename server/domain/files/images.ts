import { loadSharp } from "./sharp.ts";

/** Formats accepted as uploaded images, recognised from their bytes (never from the file name). */
const acceptedFormats = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

export class NotAnImageError extends Error {
  override name = "NotAnImageError";
  constructor() {
    super("이미지 파일이 아닙니다. JPG, PNG, WebP, GIF, AVIF 이미지만 올릴 수 있습니다.");
  }
}

export interface ProcessedImage {
  body: Buffer;
  width: number;
  height: number;
  contentType: "image/webp";
  extension: "webp";
  /** Smaller copies for srcset, narrowest first. */
  variants: { width: number; body: Buffer }[];
}

/** Widths of the smaller copies made for every stored image (only those below its own width). */
export const VARIANT_WIDTHS = [480, 960, 1440] as const;

export interface ProcessImageOptions {
  /** The longest side of the stored image; larger images are scaled down. */
  maxSide?: number;
  quality?: number;
}

/**
 * Turns uploaded bytes into the stored image: checks that they are an image, applies the EXIF
 * orientation, drops all metadata (EXIF, GPS, ICC beyond sRGB), scales it to at most `maxSide`,
 * encodes it as WebP and makes the smaller copies.
 */
export async function processImage(
  input: Buffer,
  { maxSide = 2048, quality = 82 }: ProcessImageOptions = {},
): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    throw new NotAnImageError();
  }
  if (!format || !acceptedFormats.has(format)) throw new NotAnImageError();

  // rotate() without arguments applies the EXIF orientation; sharp writes no metadata unless asked.
  const oriented = sharp(input, { animated: false }).rotate().resize({
    width: maxSide,
    height: maxSide,
    fit: "inside",
    withoutEnlargement: true,
  });
  const { data: body, info } = await oriented.webp({ quality, effort: 2 }).toBuffer({ resolveWithObject: true });
  const variants: ProcessedImage["variants"] = [];
  for (const width of VARIANT_WIDTHS) {
    if (width >= info.width) break;
    variants.push({
      width,
      body: await sharp(body).resize({ width }).webp({ quality, effort: 2 }).toBuffer(),
    });
  }
  return {
    body,
    width: info.width,
    height: info.height,
    contentType: "image/webp",
    extension: "webp",
    variants,
  };
}

/** True when the bytes start like a PDF document. */
export function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-";
}
