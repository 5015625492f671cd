import { compressImage, NotAnImageFileError } from "./compress-image.ts";

/**
 * Compresses the images chosen in the named file fields before a form is sent (AdminForm's
 * `prepare`), reporting progress per picture. A file the browser cannot decode is sent as it is,
 * so the server checks its bytes and answers next to its field.
 */
export async function compressImageFields(
  form: FormData,
  names: readonly string[],
  onProgress: (label: string, percent: number) => void,
): Promise<FormData> {
  const chosen = names.flatMap((name) => {
    const value = form.get(name);
    return value instanceof File && value.size > 0 ? [{ name, file: value }] : [];
  });
  for (const [index, { name, file }] of chosen.entries()) {
    const label =
      chosen.length > 1 ? `사진 줄이는 중 (${index + 1}/${chosen.length})` : "사진 줄이는 중";
    onProgress(label, 0);
    try {
      form.set(name, await compressImage(file, (percent) => onProgress(label, percent)));
    } catch (error) {
      if (error instanceof NotAnImageFileError) throw error;
    }
  }
  return form;
}
