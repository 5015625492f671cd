import { withParticle } from "#shared/korean.ts";
import type { ShrinkReply, ShrinkRequest } from "./shrink-image.worker.ts";

/** The spec's limits for images compressed in the browser before upload. */
export const compressionLimits = {
  maxSizeMB: 4,
  maxWidthOrHeight: 1024,
  maxIteration: 10,
} as const;

export class NotAnImageFileError extends Error {
  override name = "NotAnImageFileError";
  constructor(fileName: string) {
    super(`${withParticle(`'${fileName}'`, "은/는")} 이미지 파일이 아닙니다. 이미지 파일만 올릴 수 있습니다.`);
  }
}

/**
 * Shrinks an image to at most 4 MB and 1024 px on its longer side (up to 10 passes) in a worker
 * of the site's own (decision 0022: the browser's decoder and canvas do what a library did, at
 * a twentieth of the download). Only images are accepted; the server checks the bytes again.
 */
export async function compressImage(file: File, onProgress?: (percent: number) => void): Promise<File> {
  if (!file.type.startsWith("image/")) throw new NotAnImageFileError(file.name);
  onProgress?.(0);
  const worker = new Worker(new URL("./shrink-image.worker.ts", import.meta.url), { type: "module" });
  let reply: Exclude<ShrinkReply, { kind: "progress" }>;
  try {
    reply = await new Promise((resolve) => {
      worker.onmessage = (event: MessageEvent<ShrinkReply>) => {
        if (event.data.kind === "progress") onProgress?.(event.data.percent);
        else resolve(event.data);
      };
      worker.onerror = () => resolve({ kind: "failed" });
      worker.postMessage({ file, limits: compressionLimits } satisfies ShrinkRequest);
    });
  } finally {
    worker.terminate();
  }
  // The name and type said image but the bytes do not decode as one (a renamed document).
  if (reply.kind === "failed") throw new NotAnImageFileError(file.name);
  onProgress?.(100);
  if (reply.blob === file) return file;
  return new File([reply.blob], file.name, { type: reply.blob.type, lastModified: file.lastModified });
}
