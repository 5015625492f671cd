import type { ReactNode } from "react";
import { ArrowRightIcon, ExternalIcon } from "#app/components/icons/icons.tsx";
import styles from "#app/components/join/Join.module.css";
import { RecruitingState } from "#app/components/join/RecruitingState.tsx";
import { PageBanner } from "#app/components/layout/PageBanner.tsx";
import { CallToAction } from "#app/components/section/CallToAction.tsx";
import columns from "#app/components/section/Columns.module.css";
import { PageSection } from "#app/components/section/PageSection.tsx";
import { SectionHeading } from "#app/components/section/SectionHeading.tsx";
import split from "#app/components/section/Split.module.css";
import surface from "#app/components/section/Surface.module.css";
import { ButtonLink, type ButtonSize, type ButtonVariant } from "#app/components/ui/Button.tsx";
import { ResponsiveImage } from "#app/components/ui/ResponsiveImage.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { useSiteSettings } from "#app/lib/use-site-settings.ts";
import { getAdmissionInfo } from "#server/domain/admissions/admissions.ts";
import { findImageRefs } from "#server/domain/files/files.ts";
import { getHomeContent } from "#server/domain/home/home.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/index";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  const [{ value: admission }, { value: home }] = await Promise.all([getAdmissionInfo(db), getHomeContent(db)]);
  const imageId = admission.meta.imageFileId;
  const image = imageId ? (await findImageRefs(db, storage, [imageId])).get(imageId) : undefined;
  return { admission, image, recruitingIntro: home.recruiting.intro };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "지원하기",
    description: args.loaderData?.admission.meta.description || undefined,
    picture: args.loaderData?.image && {
      image: args.loaderData.image,
      alt: `${args.loaderData.admission.meta.title} 안내 이미지`,
    },
  });

export default function Join({ loaderData }: Route.ComponentProps) {
  const { admission, image, recruitingIntro } = loaderData;
  const { meta, schedules, faqs } = admission;
  const settings = useSiteSettings();

  return (
    <>
      <PageBanner eyebrow="Join" title={meta.title} detail={meta.description} />

      <PageSection labelledBy="join-state">
        <div className={`${split.split} ${styles.stateGrid}`}>
          <div className={styles.stateText}>
            <RecruitingState open={meta.isRecruiting} headingId="join-state" />
            {meta.isRecruiting ? (
              <>
                <p className={styles.stateLead}>
                  지금 신입 부원을 모집하고 있습니다. 아래 일정을 확인하고 지원서를 보내 주세요.
                </p>
                {meta.applyUrl ? (
                  <div className={styles.actions}>
                    <NewTabButton href={meta.applyUrl} size="lg">
                      지원서 작성하기
                    </NewTabButton>
                  </div>
                ) : (
                  <p className={styles.stateNote}>지원서 주소는 모집 공지와 함께 안내합니다.</p>
                )}
              </>
            ) : (
              <>
                <p className={styles.stateLead}>
                  지금은 모집 기간이 아닙니다. 다음 모집이 열리면 이 페이지와 동아리 소셜 미디어에 가장 먼저 알립니다.
                </p>
                {recruitingIntro && <p className={styles.stateNote}>{recruitingIntro}</p>}
                <div className={styles.actions}>
                  {settings.social.instagram && (
                    <NewTabButton href={settings.social.instagram} variant="secondary">
                      Instagram에서 소식 받기
                    </NewTabButton>
                  )}
                  <ButtonLink to="/about/contact" variant="ghost">
                    문의하기
                  </ButtonLink>
                </div>
              </>
            )}
          </div>
          {image && (
            <ResponsiveImage
              image={image}
              alt={`${meta.title} 안내 이미지`}
              sizes="(max-width: 1020px) 100vw, 520px"
              priority
              className={styles.image}
            />
          )}
        </div>
      </PageSection>

      {schedules.length > 0 && (
        <PageSection labelledBy="join-schedule" band>
          <SectionHeading id="join-schedule" eyebrow="Schedule" title="모집 일정" />
          <ol className={`${columns.wrapping} ${styles.schedule}`}>
            {schedules.map((schedule, index) => (
              <li key={schedule.id} className={`${surface.card} ${styles.step}`}>
                <span className={styles.stepIndex} aria-hidden="true">
                  {String(index + 1).padStart(2, "0")}
                </span>
                <h3 className={styles.stepTitle}>{schedule.title}</h3>
                <p className={styles.stepDate}>{schedule.date}</p>
                {schedule.description && <p className={styles.stepDescription}>{schedule.description}</p>}
              </li>
            ))}
          </ol>
        </PageSection>
      )}

      {faqs.length > 0 && (
        <PageSection labelledBy="join-faq">
          <SectionHeading id="join-faq" eyebrow="FAQ" title="자주 묻는 질문" />
          <div className={styles.faqs}>
            {faqs.map((faq) => (
              <details key={faq.id} className={`${surface.card} ${styles.faq}`}>
                <summary className={styles.question}>
                  <span className={styles.q} aria-hidden="true">
                    Q.
                  </span>
                  {faq.question}
                </summary>
                <p className={styles.answer}>{faq.answer}</p>
              </details>
            ))}
          </div>
        </PageSection>
      )}

      <CallToAction
        id="join-who"
        title="어떤 사람을 찾는지 궁금하다면"
        actions={
          <ButtonLink to="/join/who_we_want" variant="secondary" size="lg">
            이런 분을 찾아요
            <ArrowRightIcon size={18} />
          </ButtonLink>
        }
      >
        <p>우리 동아리가 기다리는 사람과, 들어와서 함께하게 될 일을 정리했습니다.</p>
      </CallToAction>
    </>
  );
}

/** A button that opens another site in a new tab, and says so. */
function NewTabButton({
  href,
  children,
  variant,
  size,
}: {
  href: string;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  return (
    <ButtonLink to={href} variant={variant} size={size} target="_blank" rel="noopener noreferrer">
      {children}
      <ExternalIcon size={18} />
      <span className="visually-hidden">(새 창)</span>
    </ButtonLink>
  );
}
