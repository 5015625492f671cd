/**
 * How text becomes search terms, the same for both database engines (decision 0013).
 *
 * Text is NFKC-normalised and lowercased, then split into words of letters, marks and digits.
 * Each word is indexed as its overlapping two-character pieces followed by its last character:
 * "해커톤" gives "해커 커톤 톤". A word then matches any word that contains it:
 * - two or more characters: its pieces, next to each other (a phrase); the last-character token
 *   between two words keeps a phrase from running across them;
 * - one character: any token that starts with it (every character of a word starts a piece,
 *   except the last, which is a token of its own).
 */

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** The most words a query is read with; more would only slow the search down. */
export const MAX_QUERY_WORDS = 8;

/** The words of a text, normalised: the unit both the index and a query are made of. */
export function searchWords(text: string): string[] {
  return text.normalize("NFKC").toLowerCase().normalize("NFKC").match(WORD) ?? [];
}

/** A word's two-character pieces, in order; none for a one-character word. */
export function bigramsOf(word: string): string[] {
  const characters = Array.from(word);
  const pieces: string[] = [];
  for (let index = 0; index + 1 < characters.length; index += 1) {
    pieces.push(`${characters[index]}${characters[index + 1]}`);
  }
  return pieces;
}

/** The token stream of a text, space-separated, as the SQLite index stores it. */
export function tokenStream(text: string): string {
  const tokens: string[] = [];
  for (const word of searchWords(text)) {
    const characters = Array.from(word);
    for (let index = 0; index + 1 < characters.length; index += 1) {
      tokens.push(`${characters[index]}${characters[index + 1]}`);
    }
    tokens.push(characters[characters.length - 1] ?? "");
  }
  return tokens.join(" ");
}

/**
 * The distinct terms of a text, as PostgreSQL's array index stores them: every two-character
 * piece and every single character (so a one-character query is an index lookup too).
 */
export function termSet(words: string[]): string[] {
  const terms = new Set<string>();
  for (const word of words) {
    for (const piece of bigramsOf(word)) terms.add(piece);
    for (const character of word) terms.add(character);
  }
  return [...terms];
}

/** The index terms a query word needs: its pieces, or itself when it is one character. */
export function queryTermsOf(word: string): string[] {
  const pieces = bigramsOf(word);
  return pieces.length > 0 ? pieces : [word];
}

/** A query's words, without repeats, at most MAX_QUERY_WORDS; empty when nothing is searchable. */
export function queryWords(query: string): string[] {
  return [...new Set(searchWords(query))].slice(0, MAX_QUERY_WORDS);
}
