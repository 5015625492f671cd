import styles from "#app/components/community/Activities.module.css";
import { ImageFallback } from "#app/components/community/ImageFallback.tsx";
import { PageBanner } from "#app/components/layout/PageBanner.tsx";
import { EmptyState } from "#app/components/ui/EmptyState.tsx";
import { ResponsiveImage } from "#app/components/ui/ResponsiveImage.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { pageBreadcrumbJsonLd } from "#app/lib/structured-data.ts";
import { listMainActivitiesByYear } from "#server/domain/activities/activities.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/activities";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  return { years: await listMainActivitiesByYear(db, storage) };
}

const DESCRIPTION = "해마다 함께 만든 해커톤, 게임잼, 대회와 행사를 모았습니다.";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "주요 활동",
    description: DESCRIPTION,
    picture: newestPicture(args.loaderData?.years ?? []),
  }),
  ...pageBreadcrumbJsonLd(args),
];

/** The newest year's first activity with a picture, named by its title. */
function newestPicture(years: Route.ComponentProps["loaderData"]["years"]) {
  const activity = years[0]?.activities.find((candidate) => candidate.image);
  return activity?.image && { image: activity.image, alt: activity.title };
}

export default function MainActivities({ loaderData }: Route.ComponentProps) {
  const { years } = loaderData;
  return (
    <>
      <PageBanner eyebrow="COMMUNITY" title="주요 활동" detail={DESCRIPTION} />
      <div className={`container ${styles.page}`}>
        {years.length === 0 ? (
          <EmptyState title="아직 기록된 활동이 없습니다">새 활동이 기록되면 여기에서 볼 수 있습니다.</EmptyState>
        ) : (
          <>
            <nav aria-label="연도" className={styles.years}>
              <ul>
                {years.map(({ year }) => (
                  <li key={year}>
                    <a href={`#year-${year}`}>{year}</a>
                  </li>
                ))}
              </ul>
            </nav>
            {years.map(({ year, activities }, yearIndex) => (
              <section key={year} id={`year-${year}`} className={styles.year} aria-labelledby={`year-${year}-title`}>
                <h2 id={`year-${year}-title`} className={styles.yearTitle}>
                  {year}
                  <span className={styles.yearCount}>활동 {activities.length}개</span>
                </h2>
                <ol className={styles.list}>
                  {activities.map((activity, index) => (
                    <li key={activity.id} className={styles.activity} data-direction={activity.direction}>
                      <div className={styles.media}>
                        {activity.image ? (
                          <ResponsiveImage
                            image={activity.image}
                            alt=""
                            sizes="(max-width: 767px) calc(100vw - 2rem), 500px"
                            priority={yearIndex === 0 && index === 0}
                            className={styles.image}
                          />
                        ) : (
                          <ImageFallback motif={String(year)} />
                        )}
                      </div>
                      <div className={styles.text}>
                        <p className={styles.number} aria-hidden="true">
                          {String(index + 1).padStart(2, "0")}
                        </p>
                        <h3 className={styles.title}>{activity.title}</h3>
                        {activity.description && <p className={styles.description}>{activity.description}</p>}
                      </div>
                    </li>
                  ))}
                </ol>
              </section>
            ))}
          </>
        )}
      </div>
    </>
  );
}
