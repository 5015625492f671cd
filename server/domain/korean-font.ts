import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { byteLength, Memo } from "#server/memo.ts";

const require = createRequire(import.meta.url);

export type NotoSansKrWeight = "400Regular" | "700Bold";

/**
 * The font files read: the two weights the server uses are 6 MB each, and both fit. Files of the
 * installed package change only with a release: no version.
 */
const files = new Memo<Buffer>({ maxBytes: 16 * 1024 * 1024, sizeOf: byteLength });

/**
 * Noto Sans KR as TrueType (from @expo-google-fonts/noto-sans-kr), read once per process. What
 * the server draws with text (link-preview cards, the demo PDFs) carries its own Korean font, so
 * it never depends on the fonts a machine happens to have. A failed read is tried again next time.
 */
export function notoSansKr(weight: NotoSansKrWeight): Promise<Buffer> {
  return files.get(weight, () =>
    readFile(require.resolve(`@expo-google-fonts/noto-sans-kr/${weight}/NotoSansKR_${weight}.ttf`)),
  );
}

/**
 * Noto Sans KR as pdf-lib can subset it. The font's glyph records have odd lengths (it addresses
 * them with long `loca` offsets), and @pdf-lib/fontkit writes a small subset with short offsets,
 * which count in two-byte units: every glyph after an odd-length one was read from the wrong
 * place, so a PDF showed blanks and broken syllables. With each record padded to a multiple of
 * four bytes, as the OpenType specification recommends, every offset is even and any subset is
 * correct. A new copy per call, not kept: PDFs are made rarely.
 */
export async function notoSansKrForPdf(weight: NotoSansKrWeight): Promise<Buffer> {
  return withAlignedGlyphRecords(await notoSansKr(weight));
}

interface TableRecord {
  tag: string;
  offset: number;
  length: number;
}

/** A TrueType font whose `glyf` records all start at multiples of four (the font itself if they do). */
export function withAlignedGlyphRecords(font: Buffer): Buffer {
  const tableCount = font.readUInt16BE(4);
  const tables: TableRecord[] = [];
  for (let index = 0; index < tableCount; index += 1) {
    const at = 12 + index * 16;
    tables.push({
      tag: font.toString("latin1", at, at + 4),
      offset: font.readUInt32BE(at + 8),
      length: font.readUInt32BE(at + 12),
    });
  }
  const table = (tag: string) => tables.find((record) => record.tag === tag);
  const [head, maxp, loca, glyf] = [table("head"), table("maxp"), table("loca"), table("glyf")];
  if (!head || !maxp || !loca || !glyf) return font;
  const longOffsets = font.readInt16BE(head.offset + 50) === 1;
  const glyphCount = font.readUInt16BE(maxp.offset + 4);
  const offsets = new Uint32Array(glyphCount + 1);
  for (let index = 0; index <= glyphCount; index += 1) {
    offsets[index] = longOffsets
      ? font.readUInt32BE(loca.offset + index * 4)
      : font.readUInt16BE(loca.offset + index * 2) * 2;
  }
  if (offsets.every((offset) => offset % 4 === 0)) return font;

  const newLoca = Buffer.alloc((glyphCount + 1) * 4);
  let glyfSize = 0;
  for (let index = 0; index < glyphCount; index += 1) {
    newLoca.writeUInt32BE(glyfSize, index * 4);
    glyfSize += align4((offsets[index + 1] ?? 0) - (offsets[index] ?? 0));
  }
  newLoca.writeUInt32BE(glyfSize, glyphCount * 4);
  const newGlyf = Buffer.alloc(glyfSize);
  for (let index = 0; index < glyphCount; index += 1) {
    font.copy(
      newGlyf,
      newLoca.readUInt32BE(index * 4),
      glyf.offset + (offsets[index] ?? 0),
      glyf.offset + (offsets[index + 1] ?? 0),
    );
  }
  const newHead = Buffer.from(font.subarray(head.offset, head.offset + head.length));
  newHead.writeInt16BE(1, 50); // long offsets
  newHead.writeUInt32BE(0, 8); // checkSumAdjustment, set once the whole file is summed
  const replaced = new Map([
    ["head", newHead],
    ["loca", newLoca],
    ["glyf", newGlyf],
  ]);

  // The same tables in the same order, each at a multiple of four with its checksum.
  const bodies = tables.map(
    (record) => replaced.get(record.tag) ?? font.subarray(record.offset, record.offset + record.length),
  );
  const directorySize = 12 + tableCount * 16;
  const size = bodies.reduce((sum, body) => sum + align4(body.length), directorySize);
  const output = Buffer.alloc(size);
  font.copy(output, 0, 0, 12);
  let offset = directorySize;
  tables.forEach((record, index) => {
    const body = bodies[index] ?? Buffer.alloc(0);
    const at = 12 + index * 16;
    output.write(record.tag, at, "latin1");
    output.writeUInt32BE(checksum(body), at + 4);
    output.writeUInt32BE(offset, at + 8);
    output.writeUInt32BE(body.length, at + 12);
    body.copy(output, offset);
    offset += align4(body.length);
  });
  const headAt = output.readUInt32BE(12 + tables.indexOf(head) * 16 + 8);
  output.writeUInt32BE((0xb1b0afba - checksum(output)) >>> 0, headAt + 8);
  return output;
}

/** The OpenType checksum: the sum of the data as big-endian 32-bit words, zero-padded. */
function checksum(data: Buffer): number {
  let sum = 0;
  const whole = data.length - (data.length % 4);
  for (let at = 0; at < whole; at += 4) sum = (sum + data.readUInt32BE(at)) >>> 0;
  if (whole < data.length) {
    const rest = Buffer.alloc(4);
    data.copy(rest, 0, whole);
    sum = (sum + rest.readUInt32BE(0)) >>> 0;
  }
  return sum;
}

function align4(length: number): number {
  return Math.ceil(length / 4) * 4;
}
