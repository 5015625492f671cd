import { useRouteLoaderData } from "react-router";
import { SloganCards } from "#app/components/home/SloganCards.tsx";
import { ArrowRightIcon } from "#app/components/icons/icons.tsx";
import styles from "#app/components/join/WhoWeWant.module.css";
import { PageBanner } from "#app/components/layout/PageBanner.tsx";
import { CallToAction } from "#app/components/section/CallToAction.tsx";
import columns from "#app/components/section/Columns.module.css";
import { PageSection } from "#app/components/section/PageSection.tsx";
import { SectionHeading } from "#app/components/section/SectionHeading.tsx";
import surface from "#app/components/section/Surface.module.css";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { pageBreadcrumbJsonLd } from "#app/lib/structured-data.ts";
import type { loader as layoutLoader } from "#app/routes/public/layout.tsx";
import { getHomePage } from "#server/domain/home/home.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/who-we-want";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  const home = await getHomePage(db, storage);
  return {
    recruiting: home.recruiting,
    slogans: home.slogans,
    events: home.events.map(({ title, summary, duration }) => ({ title, summary, duration })),
  };
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "이런 분을 찾아요",
    description: args.loaderData?.recruiting.wanted.join(" · ") || undefined,
  }),
  ...pageBreadcrumbJsonLd(args),
];

export default function WhoWeWant({ loaderData }: Route.ComponentProps) {
  const { recruiting, slogans, events } = loaderData;
  const layout = useRouteLoaderData<typeof layoutLoader>("public");

  return (
    <>
      <PageBanner
        eyebrow="Join"
        title="이런 분을 찾아요"
        detail="실력보다 꾸준함을, 정답보다 질문을 좋아하는 사람과 함께하고 싶습니다."
      />

      <PageSection labelledBy="who-people">
        <SectionHeading id="who-people" eyebrow="Who" title="이런 분이라면 잘 맞습니다">
          {recruiting.wanted.length === 0 && <p>어떤 분을 기다리는지 곧 이곳에 정리해 올리겠습니다.</p>}
        </SectionHeading>
        {recruiting.wanted.length > 0 && (
          <ol className={`${columns.columns} ${styles.people}`}>
            {recruiting.wanted.map((person, index) => (
              <li key={person} className={`${surface.card} ${styles.person}`}>
                <span className={styles.personIndex} aria-hidden="true">
                  {String(index + 1).padStart(2, "0")}
                </span>
                <p className={styles.personText}>{person}</p>
              </li>
            ))}
          </ol>
        )}
      </PageSection>

      <PageSection labelledBy="who-do" band>
        <SectionHeading id="who-do" eyebrow="What you'll do" title="들어오면 이런 일을 합니다">
          <p>
            {recruiting.sessionsPerSemester > 0 ? (
              <>
                학기마다 약 <strong className={styles.number}>{recruiting.sessionsPerSemester}</strong>
                개의 세션과 스터디가 열립니다.
              </>
            ) : (
              "학기마다 세션과 스터디가 열립니다."
            )}{" "}
            듣고 싶은 것을 골라 듣고, 익숙해지면 직접 세션을 열거나 프로젝트 팀을 꾸립니다.
          </p>
        </SectionHeading>
        {events.length > 0 && (
          <ul className={`${columns.columns} ${styles.events}`}>
            {events.map((event) => (
              <li key={event.title} className={`${surface.card} ${styles.event}`}>
                <h3 className={styles.eventTitle}>{event.title}</h3>
                {event.duration && <p className={styles.duration}>{event.duration}</p>}
                <p className={styles.eventSummary}>{event.summary}</p>
              </li>
            ))}
          </ul>
        )}
        {slogans.length > 0 && <SloganCards slogans={slogans} />}
      </PageSection>

      <CallToAction
        id="who-apply"
        title={layout?.isRecruiting ? "지금 모집 중입니다" : "다음 모집을 기다려 주세요"}
        actions={
          <ButtonLink to="/join" size="lg">
            지원하기 페이지로
            <ArrowRightIcon size={18} />
          </ButtonLink>
        }
      >
        <p>모집 일정과 자주 묻는 질문, 지원 방법은 지원하기 페이지에 모두 정리했습니다.</p>
      </CallToAction>
    </>
  );
}
