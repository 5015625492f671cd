import type { ImageRef } from "#server/domain/files/files.ts";
import styles from "./Avatar.module.css";
import { ResponsiveImage } from "./ResponsiveImage.tsx";

/**
 * A person's round photo, or the first letter of their name where there is none. `className`
 * gives its size (`--avatar-size`) and its background, `initialClassName` the letter's look.
 */
export function Avatar({
  person: { name, photo },
  sizes,
  className,
  initialClassName,
}: {
  person: { name: string; photo?: ImageRef | null };
  /** How wide it is drawn, for the browser to pick a copy of the photo, e.g. "48px". */
  sizes: string;
  className?: string;
  initialClassName?: string;
}) {
  return photo ? (
    <ResponsiveImage
      image={photo}
      alt=""
      sizes={sizes}
      className={[styles.avatar, className].filter(Boolean).join(" ")}
    />
  ) : (
    <span
      className={[styles.avatar, styles.initial, className, initialClassName].filter(Boolean).join(" ")}
      aria-hidden="true"
    >
      {name.slice(0, 1)}
    </span>
  );
}
