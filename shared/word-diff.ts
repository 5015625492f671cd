/** A run of words two texts share, or that only the older or only the newer one has. */
export interface DiffPart {
  kind: "same" | "removed" | "added";
  text: string;
}
