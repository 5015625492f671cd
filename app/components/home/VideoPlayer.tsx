import { useEffect, useRef, useState } from "react";
import { PlayIcon } from "#app/components/icons/icons.tsx";
import { ResponsiveImage } from "#app/components/ui/ResponsiveImage.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { ImageRef } from "#server/domain/files/files.ts";
import styles from "./VideoPlayer.module.css";

interface VideoPlayerProps {
  youtubeId: string;
  title: string;
  poster: ImageRef | undefined;
  sizes: string;
}

/**
 * A YouTube video that costs nothing until it is asked for: the page shows the club's own poster,
 * and only a click puts YouTube's privacy-enhanced player in its place (playing at once). Before
 * the page's scripts run, the poster is a plain link to the video on YouTube.
 */
export function VideoPlayer({ youtubeId, title, poster, sizes }: VideoPlayerProps) {
  const hydrated = useHydrated();
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);

  if (playing) {
    return (
      <div className={styles.player}>
        <iframe
          ref={frame}
          className={styles.frame}
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}?autoplay=1&rel=0`}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }

  const face = (
    <>
      {poster && <ResponsiveImage image={poster} alt="" sizes={sizes} className={styles.poster} />}
      <span className={styles.shade} aria-hidden="true" />
      <span className={styles.play} aria-hidden="true">
        <PlayIcon size={30} />
      </span>
      <span className={styles.caption}>
        <span className={styles.label}>{title}</span>
        <span className={styles.note}>재생하면 YouTube에서 영상을 불러옵니다</span>
      </span>
    </>
  );

  return (
    <div className={styles.player}>
      {hydrated ? (
        <button type="button" className={styles.face} onClick={() => setPlaying(true)}>
          <span className="visually-hidden">영상 재생: </span>
          {face}
        </button>
      ) : (
        <a
          className={styles.face}
          href={`https://www.youtube.com/watch?v=${encodeURIComponent(youtubeId)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          <span className="visually-hidden">YouTube에서 영상 보기 (새 창): </span>
          {face}
        </a>
      )}
    </div>
  );
}
