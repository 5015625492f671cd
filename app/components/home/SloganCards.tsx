import surface from "#app/components/section/Surface.module.css";
import type { HomePage } from "#server/domain/home/home.ts";
import styles from "./SloganCards.module.css";

/** The three slogans as cards, numbered in the mono accent (home and the about page). */
export function SloganCards({ slogans, headingLevel = 3 }: { slogans: HomePage["slogans"]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ol className={styles.cards}>
      {slogans.map((slogan, index) => (
        <li key={slogan.title} className={`${surface.card} ${styles.card}`}>
          <span className={styles.index} aria-hidden="true">
            {String(index + 1).padStart(2, "0")}
          </span>
          <Heading className={styles.title} lang="en">
            {slogan.title}
          </Heading>
          <p className={styles.description}>{slogan.description}</p>
        </li>
      ))}
    </ol>
  );
}
