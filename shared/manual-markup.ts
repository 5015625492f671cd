/**
 * The markup the managers' manual is written in (shared/admin-manual.ts): blocks of running text
 * with a few marks, and the builders that write them. Both the admin page and the PDF read it.
 */

/** A piece of running text: plain, or marked as the page marks it. */
export type ManualRun =
  | string
  | { kind: "strong" | "code" | "kbd"; text: string }
  /** `to` is an address in the site ("/admin/…") or an absolute URL. */
  | { kind: "link"; text: string; to: string };

export type ManualText = readonly ManualRun[];

export type ManualBlock =
  | { kind: "paragraph"; text: ManualText }
  | { kind: "subheading"; text: ManualText }
  /** Bullets; numbered when the items are steps to take in order. */
  | { kind: "list"; items: readonly ManualText[]; ordered?: boolean }
  /** Terms and what they mean, as the log's columns are explained. */
  | { kind: "terms"; terms: readonly { term: string; description: ManualText }[] };

export interface ManualChapter {
  /** The chapter's anchor on the admin page (#sign-in). */
  id: string;
  title: string;
  blocks: readonly ManualBlock[];
}

export const strong = (text: string): ManualRun => ({ kind: "strong", text });
export const code = (text: string): ManualRun => ({ kind: "code", text });
export const kbd = (text: string): ManualRun => ({ kind: "kbd", text });
export const link = (text: string, to: string): ManualRun => ({ kind: "link", text, to });
export const paragraph = (...text: ManualRun[]): ManualBlock => ({ kind: "paragraph", text });
export const subheading = (...text: ManualRun[]): ManualBlock => ({ kind: "subheading", text });
export const list = (...items: ManualText[]): ManualBlock => ({ kind: "list", items });
export const steps = (...items: ManualText[]): ManualBlock => ({ kind: "list", items, ordered: true });
export const terms = (...entries: [term: string, ...description: ManualRun[]][]): ManualBlock => ({
  kind: "terms",
  terms: entries.map(([term, ...description]) => ({ term, description })),
});

/** The plain text of a run or of running text (headings in a table of contents, the PDF's words). */
export function plainText(text: ManualText): string {
  return text.map((run) => (typeof run === "string" ? run : run.text)).join("");
}
