import imageCompression from "browser-image-compression";
// The compression library runs in a worker that loads this copy of it: served by the site
// itself, never by a third-party CDN.
import compressionLibraryUrl from "browser-image-compression/dist/browser-image-compression.js?url";

/** The spec's limits for images compressed in the browser before upload. */
export const compressionLimits = {
  maxSizeMB: 4,
  maxWidthOrHeight: 1024,
  maxIteration: 10,
} as const;

export class NotAnImageFileError extends Error {
  override name = "NotAnImageFileError";
  constructor(fileName: string) {
    super(`'${fileName}'은(는) 이미지 파일이 아닙니다. 이미지 파일만 올릴 수 있습니다.`);
  }
}

/**
 * Shrinks an image to at most 4 MB and 1024 px on its longer side (up to 10 passes) in a worker.
 * Only images are accepted; the server checks the bytes again.
 */
export async function compressImage(file: File, onProgress?: (percent: number) => void): Promise<File> {
  if (!file.type.startsWith("image/")) throw new NotAnImageFileError(file.name);
  let compressed: File;
  try {
    compressed = await imageCompression(file, {
      ...compressionLimits,
      useWebWorker: true,
      libURL: new URL(compressionLibraryUrl, window.location.href).href,
      ...(onProgress ? { onProgress } : {}),
    });
  } catch {
    // The name and type said image but the bytes do not decode as one (a renamed document);
    // the library rejects with a bare load event here, which says nothing to a manager.
    throw new NotAnImageFileError(file.name);
  }
  return new File([compressed], file.name, {
    type: compressed.type,
    lastModified: file.lastModified,
  });
}
