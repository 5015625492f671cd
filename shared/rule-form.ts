/**
 * Names in the rules page's form that the page and the server share (no server code here: the
 * page's browser bundle imports it).
 */

/** A row the manager added in the browser has a key `new-…`; its PDF comes in this field. */
export function ruleFileField(key: string): string {
  return `attachments.file.${key}`;
}

export const newRowKeyPattern = /^new-[a-z0-9]{1,24}$/;
