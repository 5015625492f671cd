import { type FocusEvent, type PointerEvent, type ReactNode, useEffect, useState } from "react";
import { PauseIcon, PlayIcon } from "#app/components/icons/icons.tsx";
import { ResponsiveImage } from "#app/components/ui/ResponsiveImage.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { REDUCED_MOTION, useMediaQuery } from "#app/lib/use-media-query.ts";
import type { ImageRef } from "#server/domain/files/files.ts";
import styles from "./HeroCarousel.module.css";

/** Spec: a new picture every 6000 ms; the cross-fade itself (2500 ms) is in the stylesheet. */
export const HERO_INTERVAL_MS = 6000;

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
  /** The visitor stopped every movement on the page (shared with the slogan strip). */
  stopped: boolean;
  onStoppedChange: (stopped: boolean) => void;
}

/**
 * The home page's rotating pictures. The first one is the page's main image and comes with the
 * server's HTML; the others, the dots and the pause button arrive with the scripts. Rotation waits
 * while the pointer is over it or focus is inside, and never starts under reduced motion.
 */
export function HeroCarousel({ slides, label, children, stopped, onStoppedChange }: HeroCarouselProps) {
  const hydrated = useHydrated();
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const count = slides.length;
  const rotates = hydrated && count > 1 && !reducedMotion && !stopped;
  const waiting = hovered || focused;

  useEffect(() => {
    if (!rotates || waiting) return;
    const timer = window.setTimeout(() => setCurrent((current + 1) % count), HERO_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotates, waiting, current, count]);

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === "mouse") setHovered(true);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      className={styles.hero}
      // Without pictures (a site that has just started) it is only the club's name.
      aria-roledescription={count > 0 ? "carousel" : undefined}
      aria-label={label}
      onPointerEnter={onPointerEnter}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className={styles.slides} aria-live={rotates && !waiting ? "off" : "polite"}>
        {slides.map((slide, index) =>
          index === 0 || hydrated ? (
            // biome-ignore lint/a11y/useSemanticElements: WAI-ARIA's carousel pattern makes each slide a group
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: a slide is its position; a picture may repeat
              key={index}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} / ${count}`}
              aria-hidden={index !== current}
              data-current={index === current || undefined}
            >
              <ResponsiveImage
                image={slide.image}
                alt={slide.alt}
                sizes="100vw"
                priority={index === 0}
                className={styles.image}
              />
            </div>
          ) : null,
        )}
      </div>
      <div className={styles.scrim} aria-hidden="true" />
      <div className={`container ${styles.content}`}>{children}</div>
      {hydrated && count > 1 && (
        <div className={`container ${styles.controls}`}>
          <div className={styles.controlBar}>
            <ul className={styles.dots}>
              {slides.map((_slide, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a dot is its position; a picture may repeat
                <li key={index}>
                  <button
                    type="button"
                    className={styles.dot}
                    aria-label={`${index + 1}번째 사진 보기`}
                    aria-current={index === current ? "true" : undefined}
                    onClick={() => setCurrent(index)}
                  />
                </li>
              ))}
            </ul>
            {!reducedMotion && (
              <button
                type="button"
                className={styles.toggle}
                aria-pressed={stopped}
                onClick={() => onStoppedChange(!stopped)}
              >
                {stopped ? <PlayIcon size={16} /> : <PauseIcon size={16} />}
                <span className="visually-hidden">화면 움직임 멈춤</span>
              </button>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
