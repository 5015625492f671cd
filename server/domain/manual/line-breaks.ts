/**
 * Running text with marks (bold, code, …) cut into lines no wider than a measure, for the manual's
 * PDF. Where a line may end follows Korean typesetting as browsers do it: at a space, or between
 * two Hangul syllables (Korean wraps inside words), never inside a Latin word or number, never
 * before closing punctuation or after opening punctuation. A particle stays with the Latin word or
 * code before it ("PDF를", "/admin/login에서").
 *
 * The preview cards' `wrapText` (previews/text-outlines.ts) breaks plain titles at spaces only,
 * as display text should; this one keeps marks and breaks as body text does.
 */

export interface Piece<Mark> {
  text: string;
  mark: Mark;
}

/** The width of a piece of text set with a mark. */
export type Measure<Mark> = (text: string, mark: Mark) => number;

type Item<Mark> = { kind: "word"; pieces: Piece<Mark>[] } | { kind: "space"; mark: Mark };

/** `pieces` in lines of at most `maxWidth`; a line's pieces are merged where the marks match. */
export function breakLines<Mark>(pieces: readonly Piece<Mark>[], maxWidth: number, measure: Measure<Mark>) {
  const lines: Piece<Mark>[][] = [];
  let line: Piece<Mark>[] = [];
  let width = 0;
  let space: Mark | undefined;
  const endLine = () => {
    if (line.length > 0) lines.push(line);
    line = [];
    width = 0;
  };
  for (const item of itemsOf(pieces)) {
    if (item.kind === "space") {
      // Spaces at the start of a line are dropped, and a run of them counts once.
      if (line.length > 0) space ??= item.mark;
      continue;
    }
    const spaceWidth = space === undefined ? 0 : measure(" ", space);
    const wordWidth = widthOf(item.pieces, measure);
    if (line.length > 0 && width + spaceWidth + wordWidth > maxWidth) {
      endLine();
    } else if (space !== undefined && line.length > 0) {
      append(line, { text: " ", mark: space });
      width += spaceWidth;
    }
    space = undefined;
    if (line.length === 0 && wordWidth > maxWidth) {
      // Only a word wider than a whole line (a long address) is cut between characters.
      for (const cut of cutWord(item.pieces, maxWidth, measure)) {
        endLine();
        for (const piece of cut) append(line, piece);
      }
      width = widthOf(line, measure);
      continue;
    }
    for (const piece of item.pieces) append(line, piece);
    width += wordWidth;
  }
  endLine();
  return lines;
}

/** The text as words (pieces nothing may separate) and the spaces or breaks between them. */
function itemsOf<Mark>(pieces: readonly Piece<Mark>[]): Item<Mark>[] {
  const items: Item<Mark>[] = [];
  let word: Piece<Mark>[] = [];
  let previous = "";
  const endWord = () => {
    if (word.length > 0) items.push({ kind: "word", pieces: word });
    word = [];
  };
  for (const { text, mark } of pieces) {
    for (const character of text) {
      if (/\s/.test(character)) {
        endWord();
        items.push({ kind: "space", mark });
        previous = "";
        continue;
      }
      if (previous && mayBreakBetween(previous, character)) endWord();
      append(word, { text: character, mark });
      previous = character;
    }
  }
  endWord();
  return items;
}

/**
 * Hangul syllables and jamo, CJK ideographs, kana, and full-width letters and digits: characters
 * a line may end between. Punctuation is not among them, so it stays with its neighbours.
 */
const WIDE =
  /[\u1100-\u11ff\u3131-\u318e\u3041-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3\uff10-\uff19\uff21-\uff3a\uff41-\uff5a]/u;

export function mayBreakBetween(before: string, after: string): boolean {
  return WIDE.test(before) && WIDE.test(after);
}

function append<Mark>(line: Piece<Mark>[], piece: Piece<Mark>) {
  const last = line.at(-1);
  if (last && last.mark === piece.mark) last.text += piece.text;
  else line.push({ ...piece });
}

function widthOf<Mark>(pieces: readonly Piece<Mark>[], measure: Measure<Mark>): number {
  return pieces.reduce((sum, piece) => sum + measure(piece.text, piece.mark), 0);
}

/** A word in parts no wider than `maxWidth` (each at least one character). */
function cutWord<Mark>(pieces: readonly Piece<Mark>[], maxWidth: number, measure: Measure<Mark>) {
  const cuts: Piece<Mark>[][] = [];
  let cut: Piece<Mark>[] = [];
  let width = 0;
  for (const { text, mark } of pieces) {
    for (const character of text) {
      const characterWidth = measure(character, mark);
      if (cut.length > 0 && width + characterWidth > maxWidth) {
        cuts.push(cut);
        cut = [];
        width = 0;
      }
      append(cut, { text: character, mark });
      width += characterWidth;
    }
  }
  if (cut.length > 0) cuts.push(cut);
  return cuts;
}
