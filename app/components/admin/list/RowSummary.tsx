import type { ReactNode } from "react";
import { ResponsiveImage } from "#app/components/ui/ResponsiveImage.tsx";
import type { ImageRef } from "#server/domain/files/files.ts";
import styles from "./RowSummary.module.css";

/**
 * What a closed list row shows: an optional picture and line above (a date, a state), the
 * record's title as the row's heading, and a line of details (the first stands out, the rest
 * are muted and cut to fit). Rows are named by their heading.
 */
export interface RowSummaryProps {
  title: string;
  kicker?: ReactNode;
  details?: (ReactNode | false | undefined)[];
  media?: ReactNode;
  /** The heading's level under the list's own (3 under an h2, 4 under an h3). */
  level?: 3 | 4;
}

export function RowSummary({
  title,
  kicker,
  details = [],
  media,
  level = 3,
  headingId,
}: RowSummaryProps & { headingId?: string }) {
  const shown = details.filter((detail) => Boolean(detail));
  const Heading = level === 3 ? "h3" : "h4";
  return (
    <div className={styles.summary}>
      {media}
      <div className={styles.text}>
        {kicker && <p className={styles.kicker}>{kicker}</p>}
        <Heading id={headingId} className={styles.title}>
          {title}
        </Heading>
        {shown.length > 0 && (
          <p className={styles.details}>
            {shown.map((detail, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: details are a fixed list per row
              <span key={index} className={`line-clamp ${styles.detail}`}>
                {detail}
              </span>
            ))}
          </p>
        )}
      </div>
    </div>
  );
}

/** An item's picture in a list row, or a quiet frame when it has none. */
export function ItemThumbnail({
  image,
  shape = "wide",
}: {
  image: ImageRef | undefined;
  /** wide 3:2 (activities), tall 1:√2 (magazine covers), square (feed photos). */
  shape?: "wide" | "tall" | "square";
}) {
  return (
    <div className={styles.thumbnail} data-shape={shape}>
      {image ? (
        <ResponsiveImage image={image} alt="" sizes="96px" />
      ) : (
        <span className={styles.noImage}>사진 없음</span>
      )}
    </div>
  );
}
