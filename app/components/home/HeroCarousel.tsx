import type { ReactNode } from "react";
import { PauseIcon, PlayIcon } from "#app/components/icons/icons.tsx";
import { ResponsiveImage } from "#app/components/ui/ResponsiveImage.tsx";
import type { ImageRef } from "#server/domain/files/files.ts";
import styles from "./HeroCarousel.module.css";

export interface HeroSlide {
  image: ImageRef;
  alt: string;
}

interface HeroCarouselProps {
  slides: HeroSlide[];
  /** Accessible name of the carousel. */
  label: string;
  /** The words over the pictures: the club's name and subtitle. */
  children: ReactNode;
}

/**
 * The home page's rotating pictures, as the server sends them. The first is the page's main
 * image; the others wait in a <template> (nothing of them loads) and the dots and the pause
 * button stay hidden until the hero island (app/islands/hero.ts) runs them: a new picture every
 * 6000 ms with a 2500 ms cross-fade (in the stylesheet), waiting while the pointer is over the
 * carousel or focus is inside it, and never by itself under reduced motion.
 */
export function HeroCarousel({ slides, label, children }: HeroCarouselProps) {
  const count = slides.length;
  const slide = (hero: HeroSlide, index: number) => (
    // biome-ignore lint/a11y/useSemanticElements: WAI-ARIA's carousel pattern makes each slide a group
    <div
      key={index}
      className={styles.slide}
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} / ${count}`}
      aria-hidden={index !== 0}
      data-current={index === 0 || undefined}
      data-hero-slide=""
    >
      <ResponsiveImage
        image={hero.image}
        alt={hero.alt}
        sizes="100vw"
        priority={index === 0}
        className={styles.image}
      />
    </div>
  );
  return (
    <section
      className={styles.hero}
      // Without pictures (a site that has just started) it is only the club's name.
      aria-roledescription={count > 0 ? "carousel" : undefined}
      aria-label={label}
      data-hero=""
    >
      <div className={styles.slides} aria-live="polite" data-hero-slides="">
        {slides.slice(0, 1).map(slide)}
        {count > 1 && (
          <template data-hero-later="">{slides.slice(1).map((hero, index) => slide(hero, index + 1))}</template>
        )}
      </div>
      <div className={styles.scrim} aria-hidden="true" />
      <div className={`container ${styles.content}`}>{children}</div>
      {count > 1 && (
        <div className={`container ${styles.controls}`} hidden data-hero-controls="">
          <div className={styles.controlBar}>
            <ul className={styles.dots}>
              {slides.map((_slide, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a dot is its position; a picture may repeat
                <li key={index}>
                  <button
                    type="button"
                    className={styles.dot}
                    aria-label={`${index + 1}번째 사진 보기`}
                    aria-current={index === 0 ? "true" : undefined}
                    data-hero-dot=""
                  />
                </li>
              ))}
            </ul>
            <button type="button" className={styles.toggle} aria-pressed="false" data-hero-toggle="">
              <PauseIcon size={16} className={styles.pauseIcon} />
              <PlayIcon size={16} className={styles.playIcon} />
              <span className="visually-hidden">화면 움직임 멈춤</span>
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
