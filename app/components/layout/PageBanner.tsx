import { ResponsiveImage } from "#app/components/ui/ResponsiveImage.tsx";
import type { ImageRef } from "#server/domain/files/files.ts";
import { formatLongDate } from "#shared/dates.ts";
import styles from "./PageBanner.module.css";

interface PageBannerProps {
  title: string;
  /** A line under the title: the section name or a short explanation. */
  detail?: string | undefined;
  /** An ISO date shown in the club's mono accent (an article's publication date). */
  date?: string | undefined;
  /** Shown blurred behind the title; the page's main image when there is one. */
  backgroundImage?: ImageRef | undefined;
  eyebrow?: string | undefined;
}

/** The band at the top of every inner page. */
export function PageBanner({ title, detail, date, backgroundImage, eyebrow }: PageBannerProps) {
  return (
    <section className={styles.banner} data-has-image={backgroundImage ? true : undefined}>
      {backgroundImage && (
        <ResponsiveImage
          image={backgroundImage}
          alt=""
          aria-hidden="true"
          // Blurred and darkened, it needs no more pixels than half its drawn width.
          sizes="50vw"
          priority
          className={styles.background}
        />
      )}
      <div className={`container ${styles.inner}`}>
        {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
        <h1 className={styles.title}>{title}</h1>
        {detail && <p className={styles.detail}>{detail}</p>}
        {date && (
          <p className={styles.date}>
            <time dateTime={date}>{formatLongDate(date)}</time>
          </p>
        )}
      </div>
    </section>
  );
}
