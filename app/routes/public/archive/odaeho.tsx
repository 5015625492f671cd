import { OdaehoIssueCard } from "#app/components/archive/OdaehoIssueCard.tsx";
import { PageBanner } from "#app/components/layout/PageBanner.tsx";
import { EmptyState } from "#app/components/ui/EmptyState.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { pageBreadcrumbJsonLd } from "#app/lib/structured-data.ts";
import { listOdaehoIssues } from "#server/domain/odaeho/odaeho.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/odaeho";
import styles from "./odaeho.module.css";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  return { issues: await listOdaehoIssues(db, storage) };
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "오대호",
    description: "해마다 부원들이 함께 만드는 동아리 회지 오대호의 지난 호를 PDF로 읽어 보세요.",
    picture: args.loaderData?.issues[0] && {
      image: args.loaderData.issues[0].cover,
      alt: `${args.loaderData.issues[0].title} 표지`,
    },
  }),
  ...pageBreadcrumbJsonLd(args),
];

export default function OdaehoPage({ loaderData }: Route.ComponentProps) {
  const { issues } = loaderData;
  return (
    <>
      <PageBanner
        eyebrow="ARCHIVE"
        title="오대호"
        detail="해마다 부원들이 함께 엮는 동아리 회지입니다. 지난 호를 모두 PDF로 읽을 수 있습니다."
      />
      <section className={`container ${styles.section}`} aria-labelledby="odaeho-list-title">
        <h2 id="odaeho-list-title" className="visually-hidden">
          발행된 호
        </h2>
        {issues.length === 0 ? (
          <EmptyState title="아직 등록된 회지가 없습니다." />
        ) : (
          <ol className={styles.grid}>
            {issues.map((issue, index) => (
              <li key={issue.id} className={index === 0 ? styles.featured : undefined}>
                <OdaehoIssueCard issue={issue} featured={index === 0} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
