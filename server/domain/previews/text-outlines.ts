import fontkit, { type Font } from "@pdf-lib/fontkit";
import { notoSansKr } from "#server/domain/korean-font.ts";
import { Memo } from "#server/memo.ts";

/**
 * Text drawn as the font's own glyph outlines (SVG paths), so a picture with Korean text looks
 * the same on every machine: an SVG `<text>` would be set by librsvg in whatever fonts the system
 * has, and a fresh server may have no Korean font at all (every syllable a box).
 */

/** Parsed fonts: only the bold one is drawn with, and a parsed font holds its whole file. */
const parsed = new Memo<Font>({ maxEntries: 1 });

/** Noto Sans KR Bold, parsed once per process (about 15 ms; the file is read without blocking). */
export function cardFont(): Promise<Font> {
  return parsed.get("700Bold", async () => fontkit.create(await notoSansKr("700Bold")));
}

/** The width of `text` set at `size` pixels. */
export function textWidth(font: Font, text: string, size: number): number {
  return (font.layout(text).advanceWidth * size) / font.unitsPerEm;
}

const ELLIPSIS = "…";

/**
 * `text` in lines no wider than `maxWidth`, at most `maxLines` of them. Lines break at spaces
 * (Korean puts them between words too) and inside a word only when the word alone is too wide.
 * Text that does not fit ends the last line with an ellipsis; `complete` says whether all fit.
 */
export function wrapText(
  font: Font,
  text: string,
  size: number,
  maxWidth: number,
  maxLines: number,
): { lines: string[]; complete: boolean } {
  const fits = (line: string) => textWidth(font, line, size) <= maxWidth;
  const lines: string[] = [];
  let current = "";
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = "";
    // A word wider than a line is cut between characters.
    for (const character of word) {
      if (current && !fits(current + character)) {
        lines.push(current);
        current = "";
      }
      current += character;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return { lines, complete: true };
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1] ?? "";
  while (last && !fits(`${last}${ELLIPSIS}`)) last = [...last].slice(0, -1).join("");
  kept[maxLines - 1] = `${last.trimEnd()}${ELLIPSIS}`;
  return { lines: kept, complete: false };
}

/**
 * SVG path elements drawing `text` at `size` pixels, the left end of its baseline at (x, y).
 * Characters the font lacks are left out (no boxes); their advance is kept.
 */
export function textOutlines(font: Font, text: string, size: number, x: number, y: number): string {
  const run = font.layout(text);
  const scale = size / font.unitsPerEm;
  const paths: string[] = [];
  let pen = 0;
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index];
    if (glyph.id !== 0) {
      const outline = glyph.path.toSVG();
      if (outline) {
        const left = x + (pen + (position?.xOffset ?? 0)) * scale;
        const baseline = y - (position?.yOffset ?? 0) * scale;
        // Font units point up; SVG's y axis points down.
        paths.push(
          `<path transform="translate(${round(left)} ${round(baseline)}) scale(${round(scale, 5)} ${round(-scale, 5)})" d="${outline}"/>`,
        );
      }
    }
    pen += position?.xAdvance ?? glyph.advanceWidth;
  });
  return paths.join("");
}

function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
