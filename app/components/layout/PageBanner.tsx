import styles from "./PageBanner.module.css";

interface PageBannerProps {
  title: string;
  /** A line under the title: the section name or a short explanation. */
  detail?: string | undefined;
  /** An ISO date shown in the club's mono accent (an article's publication date). */
  date?: string | undefined;
  /** Shown blurred behind the title. */
  backgroundImage?: string | undefined;
  eyebrow?: string | undefined;
}

export function formatKoreanDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat("ko-KR", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "Asia/Seoul",
  }).format(date);
}

/** The band at the top of every inner page. */
export function PageBanner({ title, detail, date, backgroundImage, eyebrow }: PageBannerProps) {
  return (
    <section className={styles.banner} data-has-image={backgroundImage ? true : undefined}>
      {backgroundImage && (
        <img className={styles.background} src={backgroundImage} alt="" aria-hidden="true" />
      )}
      <div className={`container ${styles.inner}`}>
        {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
        <h1 className={styles.title}>{title}</h1>
        {detail && <p className={styles.detail}>{detail}</p>}
        {date && (
          <p className={styles.date}>
            <time dateTime={date}>{formatKoreanDate(date)}</time>
          </p>
        )}
      </div>
    </section>
  );
}
