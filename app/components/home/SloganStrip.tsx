import styles from "./SloganStrip.module.css";

/** Copies of the slogans in one half of the moving track; two halves make the loop seamless. */
const REPEATS = 3;

/**
 * The band of the club's slogans under the hero, gliding sideways (a transform, which the
 * compositor runs). It holds still under reduced motion, while hovered, while out of sight and
 * when the visitor stops the page's movement (the last two set by the hero island).
 */
export function SloganStrip({ slogans }: { slogans: string[] }) {
  const set = (copy: number) =>
    slogans.map((slogan, index) => (
      <li
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed copies of a fixed list
        key={`${copy}-${index}`}
        className={styles.item}
        aria-hidden={copy > 0 || undefined}
        data-copy={copy > 0 || undefined}
      >
        {slogan}
        <span className={styles.separator} aria-hidden="true">
          {"//"}
        </span>
      </li>
    ));
  return (
    <div className={styles.strip} data-slogan-strip="">
      <ul className={styles.track} aria-label="슬로건">
        {Array.from({ length: REPEATS * 2 }, (_, copy) => set(copy))}
      </ul>
    </div>
  );
}
