import styles from "./ImageFallback.module.css";

/** What stands in an image's frame when the content has no image: a quiet mono motif. */
export function ImageFallback({ motif }: { motif: string }) {
  return (
    <div className={styles.fallback} aria-hidden="true">
      {motif}
    </div>
  );
}
