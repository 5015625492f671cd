import { type Color, type PDFFont, rgb } from "pdf-lib";
import type { ManualRun, ManualText } from "#shared/manual-markup.ts";
import type { Piece } from "./line-breaks.ts";

/**
 * How the manual's PDF is set (manual-pdf.ts lays it out): the page, the colours and text
 * styles, and how marked text maps to fonts.
 */

export const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
export const MARGIN = { left: 64, right: 64, top: 76, bottom: 72 };
export const TEXT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;

export const COLORS = {
  text: rgb(0.07, 0.08, 0.11),
  muted: rgb(0.29, 0.32, 0.39),
  subtle: rgb(0.45, 0.48, 0.55),
  rule: rgb(0.87, 0.88, 0.92),
  brand: rgb(0.14, 0.28, 0.85),
  codeText: rgb(0.55, 0.11, 0.27),
  codeBackground: rgb(0.94, 0.95, 0.97),
  keyBorder: rgb(0.73, 0.75, 0.81),
};

/** How text is set: the size, the line's height, its colour and whether plain text is bold. */
export interface TextStyle {
  size: number;
  lineHeight: number;
  color: Color;
  bold?: boolean;
}

export const BODY: TextStyle = { size: 10.5, lineHeight: 18.5, color: COLORS.text };
export const TERM_DESCRIPTION: TextStyle = { ...BODY, color: COLORS.muted };
export const CHAPTER: TextStyle = { size: 16, lineHeight: 24, color: COLORS.text, bold: true };
export const SUBHEADING: TextStyle = { size: 12, lineHeight: 20, color: COLORS.text, bold: true };
export const SMALL = 8.5;

export type Mark = "regular" | "bold" | "code" | "key";

/**
 * No OpenType features: fontkit shapes every string pdf-lib measures or draws, and with the
 * shaper's defaults that took 2.4 ms a string (seconds for the manual) against 0.06 ms without.
 * The manual's Hangul is precomposed syllables, which need no substitution; Latin text loses only
 * its kerning and ligatures.
 */
export const TEXT_FEATURES = Object.fromEntries(
  [
    ...["rvrn", "ltra", "ltrm", "frac", "numr", "dnom", "ccmp", "locl", "rlig", "mark", "mkmk"],
    ...["calt", "clig", "liga", "rclt", "curs", "kern", "ljmo", "vjmo", "tjmo"],
  ].map((tag) => [tag, false]),
);

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

/**
 * The manual's runs as marked pieces. Links are printed as their words, an absolute link with its
 * address after it; headings set plain text bold.
 */
export function piecesOf(text: ManualText, style: TextStyle): Piece<Mark>[] {
  const plain: Mark = style.bold ? "bold" : "regular";
  return text.flatMap((run) => runPieces(run, plain));
}

function runPieces(run: ManualRun, plain: Mark): Piece<Mark>[] {
  if (typeof run === "string") return [{ text: run, mark: plain }];
  switch (run.kind) {
    case "strong":
      return [{ text: run.text, mark: "bold" }];
    case "code":
      return [{ text: run.text, mark: "code" }];
    case "kbd":
      return [{ text: run.text, mark: "key" }];
    case "link":
      if (run.to.startsWith("/")) return [{ text: run.text, mark: plain }];
      return [
        { text: `${run.text} (`, mark: plain },
        { text: run.to, mark: "code" },
        { text: ")", mark: plain },
      ];
  }
}

/** Courier has Latin letters only: code's other characters are set in Noto Sans KR. */
export function fontRuns(text: string, mark: Mark): { text: string; font: keyof Fonts }[] {
  if (mark === "regular" || mark === "bold") return [{ text, font: mark }];
  return [...text.matchAll(/[\x20-\x7e]+|[^\x20-\x7e]+/g)].map(([part]) => ({
    text: part,
    font: /^[\x20-\x7e]/.test(part) ? "mono" : "regular",
  }));
}

/** Courier looks larger than Noto Sans KR at the same size. */
export function sizeOf(run: { font: keyof Fonts }, size: number): number {
  return run.font === "mono" ? size * 0.95 : size;
}
