import { ArrowRightIcon, CheckIcon } from "#app/components/icons/icons.tsx";
import { SectionHeading } from "#app/components/section/SectionHeading.tsx";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import type { HomePage } from "#server/domain/home/home.ts";
import styles from "./HomeSections.module.css";

interface RecruitingSectionProps {
  recruiting: HomePage["recruiting"];
  isRecruiting: boolean;
  foundedYear: number | null;
}

/** The call to join: when the club recruits, whom it looks for, and the way to apply. */
export function RecruitingSection({ recruiting, isRecruiting, foundedYear }: RecruitingSectionProps) {
  return (
    <section className={styles.recruiting} aria-labelledby="home-recruiting">
      <div className="container">
        <div className={styles.recruitingGrid}>
          <div>
            {isRecruiting && <p className={styles.openBadge}>지금 모집 중</p>}
            <SectionHeading id="home-recruiting" eyebrow="Recruiting" title="함께할 부원을 찾습니다" inverted>
              {recruiting.intro && <p>{recruiting.intro}</p>}
            </SectionHeading>
            {(recruiting.sessionsPerSemester > 0 || foundedYear !== null) && (
              <dl className={styles.stats}>
                {recruiting.sessionsPerSemester > 0 && (
                  <div>
                    <dt>학기마다 열리는 세션·스터디</dt>
                    <dd>
                      약 <span className={styles.statNumber}>{recruiting.sessionsPerSemester}</span>개
                    </dd>
                  </div>
                )}
                {foundedYear !== null && (
                  <div>
                    <dt>함께 코드를 써 온 시간</dt>
                    <dd>
                      <span className={styles.statNumber}>since {foundedYear}</span>
                    </dd>
                  </div>
                )}
              </dl>
            )}
          </div>
          <div className={styles.wantedPanel}>
            <h3 className={styles.wantedTitle}>이런 분을 기다립니다</h3>
            {recruiting.wanted.length > 0 ? (
              <ul className={styles.wanted}>
                {recruiting.wanted.map((person) => (
                  <li key={person}>
                    <CheckIcon size={20} className={styles.wantedIcon} />
                    {person}
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.wantedEmpty}>모집 안내가 준비되면 이곳에 올라옵니다.</p>
            )}
            <div className={styles.actions}>
              <ButtonLink to="/join" size="lg">
                지원하기
                <ArrowRightIcon size={18} />
              </ButtonLink>
              <ButtonLink to="/join/who_we_want" variant="ghost" size="lg" className={styles.ghostOnDark}>
                이런 분을 찾아요
              </ButtonLink>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
