import type { DiffPart } from "#shared/word-diff.ts";
import styles from "./WordDiff.module.css";

/**
 * Two texts compared word by word, as the history and a refused save show them: words only the
 * older text has struck through, words only the newer one has underlined. `show` keeps one side
 * alone (the older text with its removals, or the newer with its additions), for two columns.
 */
export function WordDiff({
  parts,
  show = "both",
  legend = { removed: "지운 낱말", added: "더한 낱말" },
}: {
  parts: DiffPart[];
  show?: "both" | "older" | "newer";
  legend?: { removed: string; added: string };
}) {
  const shown = parts.filter(
    (part) => !((show === "older" && part.kind === "added") || (show === "newer" && part.kind === "removed")),
  );
  return (
    <>
      <p className={styles.legend}>
        {show !== "newer" && <del>{legend.removed}</del>} {show !== "older" && <ins>{legend.added}</ins>}
      </p>
      <div className={styles.diff}>
        {shown.map((part, index) =>
          part.kind === "added" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
            <ins key={index}>{part.text}</ins>
          ) : part.kind === "removed" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
            <del key={index}>{part.text}</del>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
            <span key={index}>{part.text}</span>
          ),
        )}
      </div>
    </>
  );
}
