import { PlayIcon } from "#app/components/icons/icons.tsx";
import { ResponsiveImage } from "#app/components/ui/ResponsiveImage.tsx";
import type { ImageRef } from "#server/domain/files/files.ts";
import styles from "./VideoPlayer.module.css";

interface VideoPlayerProps {
  youtubeId: string;
  title: string;
  poster: ImageRef | undefined;
  sizes: string;
}

/**
 * A YouTube video that costs nothing until it is asked for: the page shows the club's own
 * poster, a plain link to the video on YouTube. The video island (app/islands/video.ts) turns it
 * into a button that puts YouTube's privacy-enhanced player in its place, playing at once.
 */
export function VideoPlayer({ youtubeId, title, poster, sizes }: VideoPlayerProps) {
  return (
    <div
      className={styles.player}
      data-video-player=""
      data-embed={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}?autoplay=1&rel=0`}
      data-title={title}
      data-frame-class={styles.frame}
    >
      <a
        className={styles.face}
        href={`https://www.youtube.com/watch?v=${encodeURIComponent(youtubeId)}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        <span className="visually-hidden" data-video-label="">
          YouTube에서 영상 보기 (새 창):{" "}
        </span>
        {poster && <ResponsiveImage image={poster} alt="" sizes={sizes} className={styles.poster} />}
        <span className={styles.shade} aria-hidden="true" />
        <span className={styles.play} aria-hidden="true">
          <PlayIcon size={30} />
        </span>
        <span className={styles.caption}>
          <span className={styles.label}>{title}</span>
          <span className={styles.note}>재생하면 YouTube에서 영상을 불러옵니다</span>
        </span>
      </a>
    </div>
  );
}
