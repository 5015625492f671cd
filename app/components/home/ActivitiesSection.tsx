import { ArrowRightIcon } from "#app/components/icons/icons.tsx";
import columns from "#app/components/section/Columns.module.css";
import { PageSection } from "#app/components/section/PageSection.tsx";
import { SectionHeading } from "#app/components/section/SectionHeading.tsx";
import surface from "#app/components/section/Surface.module.css";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import pill from "#app/components/ui/Pill.module.css";
import { ResponsiveImage } from "#app/components/ui/ResponsiveImage.tsx";
import type { HomePage } from "#server/domain/home/home.ts";
import styles from "./HomeSections.module.css";

/** The club's signature events, each with its picture and how long it lasts. */
export function ActivitiesSection({ events }: { events: HomePage["events"] }) {
  return (
    <PageSection labelledBy="home-activities" band>
      <div className={styles.headingRow}>
        <SectionHeading id="home-activities" eyebrow="Activities" title="해마다 열리는 대표 행사">
          <p>세션과 스터디 사이사이, 부원 모두가 함께 만드는 행사가 열립니다.</p>
        </SectionHeading>
        <ButtonLink to="/community/media" variant="secondary" className={styles.headingAction}>
          활동 소식 더 알아보기
          <ArrowRightIcon size={18} />
        </ButtonLink>
      </div>
      <ul className={`${columns.columns} ${styles.events}`}>
        {events.map((event) => (
          <li key={event.title} className={`${surface.card} ${styles.event}`}>
            {event.image && (
              <ResponsiveImage
                image={event.image}
                alt=""
                sizes="(max-width: 1020px) 100vw, 340px"
                className={styles.eventImage}
              />
            )}
            <div className={styles.eventBody}>
              {event.duration && <p className={`${pill.badge} ${styles.duration}`}>{event.duration}</p>}
              <h3 className={styles.eventTitle}>{event.title}</h3>
              <p className={styles.eventSummary}>{event.summary}</p>
            </div>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
