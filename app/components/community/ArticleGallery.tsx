import { CloseIcon } from "#app/components/icons/icons.tsx";
import { ResponsiveImage } from "#app/components/ui/ResponsiveImage.tsx";
import type { ArticleImage } from "#server/domain/articles/articles.ts";
import styles from "./ArticleGallery.module.css";

/**
 * An article's pictures: a grid of thumbnails, each opening the full picture in a modal
 * <dialog>. Invoker commands open and close it without script (the site island does it for
 * browsers without them); the browser moves focus to its close button, traps it there, closes on
 * Escape and returns focus to the thumbnail.
 */
export function ArticleGallery({ images, title }: { images: ArticleImage[]; title: string }) {
  if (images.length === 0) return null;
  return (
    <section className={styles.gallery} aria-labelledby="article-gallery-title">
      <h2 id="article-gallery-title" className={styles.heading}>
        사진 <span className={styles.count}>{images.length}</span>
      </h2>
      <ul className={styles.grid} data-count={Math.min(images.length, 3)}>
        {images.map((picture, index) => (
          <GalleryItem key={picture.image.url} picture={picture} index={index} total={images.length} title={title} />
        ))}
      </ul>
    </section>
  );
}

function GalleryItem({
  picture,
  index,
  total,
  title,
}: {
  picture: ArticleImage;
  index: number;
  total: number;
  title: string;
}) {
  const dialogId = `article-image-${index + 1}`;
  const label = picture.alt || `${title} 사진 ${index + 1}`;
  return (
    <li className={styles.item}>
      <button type="button" className={styles.thumb} {...{ commandfor: dialogId, command: "show-modal" }}>
        <ResponsiveImage
          image={picture.image}
          alt={picture.alt}
          sizes="(max-width: 599px) calc(100vw - 2rem), (max-width: 1020px) 48vw, 500px"
          className={styles.thumbImage}
        />
        <span className="visually-hidden">크게 보기</span>
      </button>
      <dialog
        id={dialogId}
        className={styles.dialog}
        aria-label={`${label} (${index + 1}/${total})`}
        {...{ closedby: "any" }}
      >
        <figure className={styles.figure}>
          <ResponsiveImage image={picture.image} alt={picture.alt} sizes="90vw" className={styles.full} />
          <figcaption className={styles.caption}>
            <span className={styles.position}>
              {index + 1} / {total}
            </span>
            {picture.alt}
          </figcaption>
        </figure>
        <button type="button" className={`icon-button ${styles.close}`} {...{ commandfor: dialogId, command: "close" }}>
          <CloseIcon size={24} />
          <span className="visually-hidden">닫기</span>
        </button>
      </dialog>
    </li>
  );
}
