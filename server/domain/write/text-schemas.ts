import { z } from "zod";

/**
 * Text a manager types, as every content type reads it: the one place where characters that
 * have no business in the site's text are taken out, before the value is trimmed and measured.
 *
 * - Control characters (NUL, escape, the C1 block, …) show as nothing or as boxes, break feeds
 *   and some databases' text (PostgreSQL refuses NUL outright), and are never typed on purpose.
 * - Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) reorder the
 *   text after them: a name that reads one way and is stored another ("Trojan Source").
 *
 * A single-line field (a title, a name) takes neither tabs nor line breaks: each becomes a space.
 * A multi-line field (a textarea, the rich-text editor's HTML) keeps tab, line feed and carriage
 * return, which its editor needs. Everything else listed above is removed from both.
 */

/** Control characters other than tab, line feed and carriage return: C0, DEL and C1. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROLS_BUT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
/** Embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069). */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/** What breaks or indents a line; a single line shows a space instead. */
const LINE_BREAKS = /\r\n|[\t\n\r\u2028\u2029]/g;

/** `text` without control or bidirectional formatting characters; tabs and line breaks kept. */
export function withoutControls(text: string): string {
  return text.replace(CONTROLS_BUT_LINE_BREAKS, "").replace(BIDI_CONTROLS, "");
}

/** `text` as one line: tabs and line breaks become spaces, other controls are removed. */
export function asSingleLine(text: string): string {
  return withoutControls(text.replace(LINE_BREAKS, " "));
}

/** A single-line text value (a title, a name, a label), before its trim and limits. */
export function singleLineText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).overwrite(asSingleLine);
}

/** A multi-line text value (a description, an answer, HTML), before its trim and limits. */
export function multiLineText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).overwrite(withoutControls);
}

export interface TextOptions {
  /** A textarea's value: keeps its line breaks and tabs. */
  multiLine?: boolean;
}

const textOf = (options: TextOptions, params?: Parameters<typeof z.string>[0]) =>
  options.multiLine ? multiLineText(params) : singleLineText(params);

/**
 * Text a manager must fill in, trimmed, with Korean messages: `requiredText("제목을", "제목은", 100)`
 * refuses an empty value with "제목을 입력해 주세요." and a longer one with
 * "제목은 100자까지 쓸 수 있습니다.".
 */
export function requiredText(object: string, topic: string, max: number, options: TextOptions = {}) {
  const missing = `${object} 입력해 주세요.`;
  return textOf(options, { error: missing }).trim().min(1, missing).max(max, `${topic} ${max}자까지 쓸 수 있습니다.`);
}

/** Text that may stay empty (a missing field counts as empty), at most `max` characters. */
export function optionalText(topic: string, max: number, options: TextOptions = {}) {
  return textOf(options).trim().max(max, `${topic} ${max}자까지 쓸 수 있습니다.`).default("");
}
