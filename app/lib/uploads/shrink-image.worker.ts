/// <reference lib="webworker" />
/**
 * The worker behind compressImage: decodes the picture (turned upright by its EXIF orientation,
 * createImageBitmap's default), draws it at most `maxWidthOrHeight` on its longer side and
 * encodes it again, lowering the quality pass by pass until it fits `maxSizeMB`. A picture
 * already within both limits is sent as it is, and so is one that would only grow.
 */
export interface ShrinkRequest {
  file: Blob;
  limits: { maxSizeMB: number; maxWidthOrHeight: number; maxIteration: number };
}

export type ShrinkReply = { kind: "progress"; percent: number } | { kind: "done"; blob: Blob } | { kind: "failed" };

/** Formats a canvas encodes with a quality setting; anything else becomes JPEG once it must shrink. */
const LOSSY = new Set(["image/jpeg", "image/webp"]);

async function shrink({ file, limits }: ShrinkRequest, progress: (percent: number) => void): Promise<Blob> {
  const maxBytes = limits.maxSizeMB * 1024 * 1024;
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, limits.maxWidthOrHeight / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size <= maxBytes) {
    bitmap.close();
    return file;
  }
  const canvas = new OffscreenCanvas(
    Math.max(1, Math.round(bitmap.width * scale)),
    Math.max(1, Math.round(bitmap.height * scale)),
  );
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2d context");
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();

  // PNG keeps its transparency as long as it fits; past the limit it becomes JPEG.
  let type = file.type === "image/png" || LOSSY.has(file.type) ? file.type : "image/jpeg";
  let quality = 0.92;
  let blob = await canvas.convertToBlob({ type, quality });
  for (let pass = 1; pass < limits.maxIteration && blob.size > maxBytes; pass += 1) {
    progress(Math.round((pass / limits.maxIteration) * 100));
    if (!LOSSY.has(type)) type = "image/jpeg";
    else quality *= 0.8;
    blob = await canvas.convertToBlob({ type, quality });
  }
  // Resized, the new picture it is; only re-encoded, whichever is smaller.
  return scale < 1 || blob.size < file.size ? blob : file;
}

self.onmessage = async (event: MessageEvent<ShrinkRequest>) => {
  const reply = (message: ShrinkReply) => self.postMessage(message);
  try {
    reply({ kind: "done", blob: await shrink(event.data, (percent) => reply({ kind: "progress", percent })) });
  } catch {
    reply({ kind: "failed" });
  }
};
