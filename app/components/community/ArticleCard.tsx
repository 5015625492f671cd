import { Link } from "react-router";
import pill from "#app/components/ui/Pill.module.css";
import { ResponsiveImage } from "#app/components/ui/ResponsiveImage.tsx";
import type { ArticleCard as ArticleCardData } from "#server/domain/articles/articles.ts";
import { formatShortDate } from "#shared/dates.ts";
import styles from "./ArticleCard.module.css";
import { ImageFallback } from "./ImageFallback.tsx";
import { articleHref } from "./media-links.ts";
import tagStyles from "./Tag.module.css";

/**
 * One article in the media list. The title is the card's only link; it covers the whole card,
 * so the card is one tab stop and one name for a screen reader.
 */
export function ArticleCard({ article, priority }: { article: ArticleCardData; priority: boolean }) {
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        {article.cover ? (
          <ResponsiveImage
            image={article.cover.image}
            alt={article.cover.alt}
            sizes="(max-width: 599px) calc(100vw - 2rem), (max-width: 1020px) 45vw, 330px"
            priority={priority}
            className={styles.image}
          />
        ) : (
          <ImageFallback motif=">_" />
        )}
      </div>
      <div className={styles.body}>
        <p className={styles.meta}>
          {article.tag && <span className={`${pill.pill} ${tagStyles.tag}`}>{article.tag}</span>}
          <time dateTime={article.publishedAt}>{formatShortDate(article.publishedAt)}</time>
        </p>
        <h2 className={styles.title}>
          <Link to={articleHref(article.id)} className={styles.link}>
            {article.title}
          </Link>
        </h2>
        {article.excerpt && <p className={`line-clamp ${styles.excerpt}`}>{article.excerpt}</p>}
      </div>
    </article>
  );
}
