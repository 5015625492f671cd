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
 * SQLite's FTS5 keeps the stream with positions, so a phrase checks the pieces' order. PostgreSQL
 * keeps each token once in a tsvector and checks a longer word as a substring of the normalised
 * words instead; both give the same answer.
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

/** A word's tokens: its two-character pieces, then its last character. */
function wordTokens(word: string, add: (token: string) => void): void {
  let previous = "";
  for (const character of word) {
    if (previous) add(previous + character);
    previous = character;
  }
  add(previous);
}

/** The token stream of a text, space-separated, as the SQLite index stores it. */
export function tokenStream(text: string): string {
  const tokens: string[] = [];
  for (const word of searchWords(text)) wordTokens(word, (token) => tokens.push(token));
  return tokens.join(" ");
}

/** The same tokens without repeats, as PostgreSQL's tsvector holds them. */
export function tokenSet(words: string[]): string[] {
  const tokens = new Set<string>();
  for (const word of words) wordTokens(word, (token) => tokens.add(token));
  return [...tokens];
}

/** The index tokens a query word of two or more characters needs: its pieces. */
export function queryTermsOf(word: string): string[] {
  return bigramsOf(word);
}

/** A word's length in characters (code points), as the tokens count them. */
export function lengthOf(word: string): number {
  return Array.from(word).length;
}

/** A query's words, without repeats, at most MAX_QUERY_WORDS; empty when nothing is searchable. */
export function queryWords(query: string): string[] {
  return [...new Set(searchWords(query))].slice(0, MAX_QUERY_WORDS);
}
