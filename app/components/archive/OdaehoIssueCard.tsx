import { ButtonLink } from "#app/components/ui/Button.tsx";
import pill from "#app/components/ui/Pill.module.css";
import { ResponsiveImage } from "#app/components/ui/ResponsiveImage.tsx";
import { formatFileSize } from "#app/lib/file-size.ts";
import type { OdaehoIssue } from "#server/domain/odaeho/odaeho.ts";
import { formatLongDate } from "#shared/dates.ts";
import { DownloadLink } from "./DownloadLink.tsx";
import styles from "./OdaehoIssueCard.module.css";

/** One magazine issue: its cover, what it holds, and its PDF to read in the browser or save. */
export function OdaehoIssueCard({
  issue,
  featured = false,
}: {
  issue: OdaehoIssue;
  /** The newest issue: drawn large, its cover loaded first. */
  featured?: boolean;
}) {
  const titleId = `odaeho-${issue.id}`;
  return (
    <article className={styles.card} data-featured={featured || undefined} aria-labelledby={titleId}>
      <div className={styles.coverFrame}>
        <ResponsiveImage
          className={styles.cover}
          image={issue.cover}
          alt=""
          sizes={featured ? "(max-width: 640px) 60vw, 320px" : "(max-width: 1020px) 45vw, 240px"}
          priority={featured}
        />
      </div>
      <div className={styles.body}>
        {featured && <p className={`${pill.badge} ${styles.latest}`}>최신호</p>}
        <p className={styles.date}>
          <time dateTime={issue.publishedAt}>{formatLongDate(issue.publishedAt)}</time>
        </p>
        <h3 id={titleId} className={styles.title}>
          {issue.title}
        </h3>
        {issue.description && <p className={styles.description}>{issue.description}</p>}
        <div className={styles.actions}>
          <ButtonLink to={issue.pdf.url} reloadDocument size="sm" className={styles.action}>
            <span className="visually-hidden">{issue.title} </span>
            PDF 보기
          </ButtonLink>
          <DownloadLink
            href={issue.pdf.url}
            fileName={issue.pdf.fileName}
            subject={issue.title}
            variant="secondary"
            className={styles.action}
          />
        </div>
        <p className={styles.size}>PDF · {formatFileSize(issue.pdf.byteSize)}</p>
      </div>
    </article>
  );
}
