import { compressImage, NotAnImageFileError } from "./compress-image.ts";

/**
 * For AdminForm's `prepare`: compresses the images chosen in the given file fields and drops the
 * fields' empty file parts (an input with no file chosen). A file that is not an image by its
 * type is refused here; an image the browser cannot decode is sent as it is, and the server,
 * which checks the bytes, answers for it.
 */
export async function compressImageFields(
  form: FormData,
  fields: string[],
  onProgress: (label: string, percent: number) => void,
): Promise<FormData> {
  for (const field of fields) {
    const chosen = form
      .getAll(field)
      .filter((value): value is File => value instanceof File && value.size > 0);
    form.delete(field);
    for (const file of chosen) {
      let upload = file;
      try {
        upload = await compressImage(file, (percent) => onProgress("사진을 줄이는 중", percent));
      } catch (error) {
        if (error instanceof NotAnImageFileError) throw error;
      }
      form.append(field, upload, upload.name);
    }
  }
  return form;
}
