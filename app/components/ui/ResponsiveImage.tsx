import type { ImgHTMLAttributes } from "react";
import type { ImageRef } from "#server/domain/files/files.ts";

interface ResponsiveImageProps
  extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "width" | "height"> {
  image: ImageRef;
  alt: string;
  /** How wide the image is drawn, for the browser to pick a copy, e.g. "(max-width: 640px) 100vw, 320px". */
  sizes: string;
  /** The page's main image: loaded at once and first. */
  priority?: boolean;
}

/**
 * A stored image with its intrinsic size (so nothing shifts while it loads) and its smaller
 * copies (so a phone downloads a phone-sized file). Lazy unless it is the page's main image.
 */
export function ResponsiveImage({ image, alt, sizes, priority = false, ...rest }: ResponsiveImageProps) {
  return (
    <img
      src={image.url}
      srcSet={image.srcSet || undefined}
      sizes={image.srcSet ? sizes : undefined}
      width={image.width || undefined}
      height={image.height || undefined}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : undefined}
      {...rest}
    />
  );
}
