import { ArrowRightIcon } from "#app/components/icons/icons.tsx";
import { PageSection } from "#app/components/section/PageSection.tsx";
import { SectionHeading } from "#app/components/section/SectionHeading.tsx";
import split from "#app/components/section/Split.module.css";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import type { HomePage } from "#server/domain/home/home.ts";
import styles from "./HomeSections.module.css";
import { SloganCards } from "./SloganCards.tsx";
import { VideoPlayer } from "./VideoPlayer.tsx";

/** Who the club is: the intro, the video and the three slogans (each once it is filled in). */
export function AboutSection({ home, clubName }: { home: HomePage; clubName: string }) {
  return (
    <PageSection labelledBy="home-about">
      <div className={`${split.split} ${styles.aboutGrid}`}>
        <div>
          <SectionHeading id="home-about" eyebrow={`About ${clubName}`} title="함께 쓰고, 읽고, 도전합니다">
            {home.intro && <p>{home.intro}</p>}
          </SectionHeading>
          <ButtonLink to="/about" variant="secondary">
            동아리 소개 더 알아보기
            <ArrowRightIcon size={18} />
          </ButtonLink>
        </div>
        {home.video && (
          <VideoPlayer
            youtubeId={home.video.youtubeId}
            title={home.video.title}
            poster={home.video.poster}
            sizes="(max-width: 1020px) 100vw, 520px"
          />
        )}
      </div>
      {home.slogans.length > 0 && <SloganCards slogans={home.slogans} />}
    </PageSection>
  );
}
