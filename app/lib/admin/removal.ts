/**
 * What an admin action answers as its data after deleting a record. The record's row (and the
 * form that showed answers) disappears with it, so the list announces the message instead.
 */
export interface Removal {
  removed: true;
}

export const removal: Removal = { removed: true };

export function isRemoval(data: unknown): data is Removal {
  return typeof data === "object" && data !== null && (data as Partial<Removal>).removed === true;
}
