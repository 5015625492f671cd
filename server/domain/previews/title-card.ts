import type { Font } from "@pdf-lib/fontkit";
import { loadSharp } from "#server/domain/files/sharp.ts";
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from "#shared/preview-images.ts";
import { cardFont, textOutlines, textWidth, wrapText } from "./text-outlines.ts";

/**
 * The club's own look, handed in by the app (the mark is a React drawing and the colours are the
 * design tokens, both under app/): see `previewCardBrand` in app/lib/logo-files.server.tsx.
 */
export interface CardBrand {
  /** The club's mark as a PNG of `size` pixels. */
  mark(size: number): Promise<Buffer>;
  background: string;
  /** The title's colour, and the club name's. */
  text: string;
  /** The cursor after the title, as the home page's heading has. */
  accent: string;
}

const MARGIN = 80;
const MARK_SIZE = 112;
const MARK_TOP = 72;
const LABEL_SIZE = 40;
const TITLE_TOP = 236;
const TITLE_BOTTOM = PREVIEW_HEIGHT - 64;
const LINE_HEIGHT = 1.3;
/** The largest size whose lines fit, tried in order; the last cuts what is left with "…". */
const TITLE_SIZES = [
  { size: 96, lines: 2 },
  { size: 80, lines: 3 },
  { size: 60, lines: 4 },
] as const;

/** The title at the largest size whose lines all fit, or cut with "…" at the smallest. */
function fitTitle(font: Font, text: string, width: number) {
  for (const [index, { size, lines }] of TITLE_SIZES.entries()) {
    const wrapped = wrapText(font, text, size, width, lines);
    if (wrapped.complete || index === TITLE_SIZES.length - 1) return { size, lines: wrapped.lines };
  }
  throw new Error("unreachable: the last size always returns");
}

/**
 * The club's card: its mark and name at the top, the page's title large below, on the brand's
 * colour; 1200x630 PNG. The home page has no title of its own, so its card shows the club's
 * name large instead. Text is drawn as glyph outlines (text-outlines.ts).
 */
export async function drawTitleCard(page: { title: string; clubName: string }, brand: CardBrand): Promise<Buffer> {
  const [sharp, font] = await Promise.all([loadSharp(), cardFont()]);
  const heading = page.title || page.clubName;
  const width = PREVIEW_WIDTH - MARGIN * 2;

  const chosen = fitTitle(font, heading, width);
  const lineHeight = chosen.size * LINE_HEIGHT;
  const blockTop = TITLE_TOP + (TITLE_BOTTOM - TITLE_TOP - lineHeight * chosen.lines.length) / 2;
  // A line box's baseline: its half-leading, then the glyphs' height above the baseline (0.88 em).
  const baselineOf = (index: number) =>
    blockTop + index * lineHeight + (lineHeight - chosen.size) / 2 + chosen.size * 0.88;
  const title = chosen.lines.map((line, index) => textOutlines(font, line, chosen.size, MARGIN, baselineOf(index)));

  const lastIndex = chosen.lines.length - 1;
  const cursorLeft = MARGIN + textWidth(font, chosen.lines[lastIndex] ?? "", chosen.size) + chosen.size * 0.12;
  const cursorHeight = Math.round(chosen.size * 0.12);
  const cursor =
    cursorLeft + chosen.size * 0.5 <= PREVIEW_WIDTH - MARGIN / 2
      ? `<rect x="${Math.round(cursorLeft)}" y="${Math.round(baselineOf(lastIndex) - cursorHeight)}" width="${Math.round(chosen.size * 0.5)}" height="${cursorHeight}" fill="${brand.accent}"/>`
      : "";

  // The club's name beside the mark, cut to one line; left out where it is already the heading.
  const labelLeft = MARGIN + MARK_SIZE + 28;
  const label = page.title
    ? textOutlines(
        font,
        wrapText(font, page.clubName, LABEL_SIZE, PREVIEW_WIDTH - MARGIN - labelLeft, 1).lines[0] ?? "",
        LABEL_SIZE,
        labelLeft,
        MARK_TOP + MARK_SIZE / 2 + LABEL_SIZE * 0.35,
      )
    : "";

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}">
<rect width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" fill="${brand.background}"/>
<g fill="${brand.text}" opacity="0.9">${label}</g>
<g fill="${brand.text}">${title.join("")}</g>
${cursor}
</svg>`;
  return sharp(Buffer.from(svg))
    .composite([{ input: await brand.mark(MARK_SIZE), left: MARGIN, top: MARK_TOP }])
    .png({ palette: true, compressionLevel: 9 })
    .toBuffer();
}
