import { Link } from "react-router";
import styles from "#app/components/about/AboutPage.module.css";
import { SloganCards } from "#app/components/home/SloganCards.tsx";
import { ArrowRightIcon } from "#app/components/icons/icons.tsx";
import { PageBanner } from "#app/components/layout/PageBanner.tsx";
import { CallToAction } from "#app/components/section/CallToAction.tsx";
import { PageSection } from "#app/components/section/PageSection.tsx";
import { SectionHeading } from "#app/components/section/SectionHeading.tsx";
import surface from "#app/components/section/Surface.module.css";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { organizationJsonLd } from "#app/lib/structured-data.ts";
import { useSiteSettings } from "#app/lib/use-site-settings.ts";
import { getHomePage } from "#server/domain/home/home.ts";
import { getServices } from "#server/http/router-context.ts";
import { seoulYearMonth } from "#shared/dates.ts";
import type { Route } from "./+types/index";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  const home = await getHomePage(db, storage);
  return {
    intro: home.intro,
    slogans: home.slogans,
    events: home.events.map(({ title, duration }) => ({ title, duration })),
    sessionsPerSemester: home.recruiting.sessionsPerSemester,
    currentYear: seoulYearMonth(new Date()).year,
  };
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "동아리 소개",
    // The intro's first sentence: a whole sentence reads better in a link preview than a cut one.
    description: args.loaderData?.intro.split(/(?<=[.!?])\s+/)[0] || undefined,
  }),
  ...organizationJsonLd(args.matches),
];

export default function About({ loaderData }: Route.ComponentProps) {
  const { intro, slogans, events, sessionsPerSemester, currentYear } = loaderData;
  const settings = useSiteSettings();
  const years = settings.foundedYear === null ? undefined : currentYear - settings.foundedYear;
  // Sentences that name the club's events and numbers read without them while those are empty.
  const eventNames = events.map((event) => event.title).join(", ");
  const perSemester = sessionsPerSemester > 0 ? `약 ${sessionsPerSemester}개의 ` : "";

  const activities = [
    {
      label: "Session",
      title: "정기 세션",
      text: "부원이 부원에게 가르칩니다. 프로그래밍 입문부터 웹, 알고리즘, CS 기초까지 주마다 열리는 세션에서 직접 코드를 쓰며 배웁니다.",
    },
    {
      label: "Study",
      title: "스터디",
      text: "같은 주제에 관심 있는 부원끼리 모여 책을 읽고, 문제를 풀고, 서로의 코드를 리뷰합니다.",
    },
    {
      label: "Project",
      title: "프로젝트",
      text: "배운 것을 실제로 쓰이는 서비스로 만듭니다. 기획부터 배포까지 팀으로 한 학기를 함께합니다.",
    },
    {
      label: "Event",
      title: "행사",
      text: `${eventNames ? `${eventNames}처럼 ` : ""}모두가 함께 만드는 행사가 해마다 열립니다.`,
    },
  ];

  return (
    <>
      <PageBanner eyebrow="About Us" title="동아리 소개" detail={settings.description} />

      <PageSection labelledBy="about-since">
        <div className={years === undefined ? undefined : styles.sinceGrid}>
          {years !== undefined && (
            <div className={styles.since}>
              <p className={styles.sinceLabel}>since</p>
              <p className={styles.sinceYear}>{settings.foundedYear}</p>
              <p className={styles.sinceNote}>
                올해로 창립 <strong>{years}</strong>주년. 같은 이름으로, 같은 마음으로 코드를 씁니다.
              </p>
            </div>
          )}
          <div>
            <SectionHeading
              id="about-since"
              eyebrow={settings.subtitle ? settings.clubName : "About"}
              title={settings.subtitle || settings.clubName}
            >
              <p>{intro || "동아리를 소개하는 글을 준비하고 있습니다."}</p>
            </SectionHeading>
          </div>
        </div>
      </PageSection>

      <PageSection labelledBy="about-work" band>
        <SectionHeading id="about-work" eyebrow="What we do" title="우리가 하는 일">
          <p>학기마다 {perSemester}세션과 스터디가 열리고, 그 사이사이 프로젝트와 행사가 이어집니다.</p>
        </SectionHeading>
        <ul className={styles.workGrid}>
          {activities.map((activity) => (
            <li key={activity.label} className={`${surface.card} ${styles.workCard}`}>
              <p className={styles.workLabel} lang="en">
                {activity.label}
              </p>
              <h3 className={styles.workTitle}>{activity.title}</h3>
              <p className={styles.workText}>{activity.text}</p>
            </li>
          ))}
        </ul>
        <p className={styles.workLinks}>
          <Link to="/community/activity/courses">
            학기별 학습 기록 보기 <ArrowRightIcon size={16} />
          </Link>
          <Link to="/community/activity/main">
            연도별 주요 활동 보기 <ArrowRightIcon size={16} />
          </Link>
        </p>
      </PageSection>

      {slogans.length > 0 && (
        <PageSection labelledBy="about-values">
          <SectionHeading id="about-values" eyebrow="Values" title="우리가 지키는 가치">
            <p>슬로건은 우리가 한 학기를 보내는 방식입니다.</p>
          </SectionHeading>
          <SloganCards slogans={slogans} />
        </PageSection>
      )}

      <PageSection labelledBy="about-history">
        <SectionHeading id="about-history" eyebrow="History" title="걸어온 길">
          <p>
            {years === undefined ? "우리의 이야기는" : `${settings.foundedYear}년에 시작한 이야기는`} 해마다 새 부원과
            함께 한 장씩 이어지고 있습니다.
          </p>
        </SectionHeading>
        <ol className={styles.timeline}>
          {years !== undefined && (
            <li>
              <p className={styles.when}>{settings.foundedYear}</p>
              <h3 className={styles.whatTitle}>창립</h3>
              <p>컴퓨터를 함께 배우고 싶은 학생들이 모여 {settings.clubName}의 문을 열었습니다.</p>
            </li>
          )}
          <li>
            <p className={styles.when}>매 학기</p>
            <h3 className={styles.whatTitle}>세션과 스터디</h3>
            <p>학기마다 {perSemester}세션과 스터디를 열고, 선배가 후배에게 배운 것을 물려줍니다.</p>
          </li>
          <li>
            <p className={styles.when}>해마다</p>
            <h3 className={styles.whatTitle}>행사와 회지</h3>
            <p>
              {eventNames ? `${eventNames} 같은 행사를 열고` : "행사를 열고"}, 한 해의 기록을 연간 회지{" "}
              <Link to="/archive/odaeho">오대호</Link>에 담습니다.
            </p>
          </li>
          <li data-now>
            <p className={styles.when}>{currentYear}</p>
            <h3 className={styles.whatTitle}>{years === undefined ? "지금" : `창립 ${years}주년`}</h3>
            <p>
              지금의 운영진과 부서는 <Link to="/about/organization">조직도</Link>에서 만날 수 있습니다.
            </p>
          </li>
        </ol>
      </PageSection>

      <CallToAction
        id="about-next"
        title="다음 장은 당신과 함께 쓰고 싶습니다"
        actions={
          <>
            <ButtonLink to="/join" size="lg">
              지원 안내 보기
              <ArrowRightIcon size={18} />
            </ButtonLink>
            <ButtonLink to="/about/contact" variant="secondary" size="lg">
              연락처
            </ButtonLink>
          </>
        }
      />
    </>
  );
}
