import { compressImage } from "./compress-image.ts";

/**
 * An AdminForm `prepare` that compresses the images chosen in `fields` in the browser (spec
 * limits: 4 MB, 1024 px, 10 passes) before they are sent, with the progress shown.
 */
export function compressImageFields(fields: string[]) {
  return async (form: FormData, onProgress: (label: string, percent: number) => void): Promise<FormData> => {
    for (const field of fields) {
      const file = form.get(field);
      if (!(file instanceof File) || file.size === 0) continue;
      const label = `'${file.name}' 줄이는 중`;
      onProgress(label, 0);
      // A file that is not an image fails here with a message naming it (NotAnImageFileError).
      const compressed = await compressImage(file, (percent) => onProgress(label, Math.round(percent)));
      form.set(field, compressed, compressed.name);
    }
    return form;
  };
}
