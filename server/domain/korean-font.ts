import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export type NotoSansKrWeight = "400Regular" | "700Bold";

const files = new Map<NotoSansKrWeight, Promise<Buffer>>();

/**
 * Noto Sans KR as TrueType (from @expo-google-fonts/noto-sans-kr), read once per process. What
 * the server draws with text (link-preview cards, the demo PDFs) carries its own Korean font, so
 * it never depends on the fonts a machine happens to have. A failed read is tried again next time.
 */
export function notoSansKr(weight: NotoSansKrWeight): Promise<Buffer> {
  let file = files.get(weight);
  if (!file) {
    file = readFile(require.resolve(`@expo-google-fonts/noto-sans-kr/${weight}/NotoSansKR_${weight}.ttf`));
    file.catch(() => files.delete(weight));
    files.set(weight, file);
  }
  return file;
}
