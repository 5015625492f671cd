import styles from "#app/components/about/Organization.module.css";
import { PageBanner } from "#app/components/layout/PageBanner.tsx";
import surface from "#app/components/section/Surface.module.css";
import { Avatar } from "#app/components/ui/Avatar.tsx";
import { EmptyState } from "#app/components/ui/EmptyState.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { pageBreadcrumbJsonLd } from "#app/lib/structured-data.ts";
import { listOrganization } from "#server/domain/organization/organization.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/organization";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  // A group created a moment ago has no name yet: it appears once a manager names it.
  return { groups: await listOrganization(db, storage, { namedOnly: true }) };
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "조직도",
    description: `${args.loaderData?.groups.map((group) => group.title).join(", ")}: 동아리를 꾸려 가는 부서와 사람들을 소개합니다.`,
  }),
  ...pageBreadcrumbJsonLd(args),
];

export default function Organization({ loaderData: { groups } }: Route.ComponentProps) {
  const memberCount = groups.reduce((sum, group) => sum + group.members.length, 0);
  return (
    <>
      <PageBanner
        eyebrow="About Us"
        title="조직도"
        detail={`동아리를 꾸려 가는 ${groups.length}개 부서와 ${memberCount}명의 운영진을 소개합니다.`}
      />
      <div className={`container ${styles.page}`}>
        {groups.length === 0 ? (
          <EmptyState title="등록된 부서가 없습니다">
            운영진이 조직도를 정리하면 이곳에 부서와 사람들이 나타납니다.
          </EmptyState>
        ) : (
          <>
            <nav aria-label="부서 바로 가기" className={styles.jump}>
              <ul>
                {groups.map((group, index) => (
                  <li key={group.id}>
                    <a href={`#group-${group.id}`}>
                      <span className={styles.jumpIndex} aria-hidden="true">
                        {String(index + 1).padStart(2, "0")}
                      </span>
                      {group.title}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            {groups.map((group) => (
              <section
                key={group.id}
                id={`group-${group.id}`}
                className={styles.group}
                aria-labelledby={`group-${group.id}-title`}
              >
                <header className={styles.groupHeader}>
                  <h2 id={`group-${group.id}-title`} className={styles.groupTitle}>
                    {group.title}
                  </h2>
                  {group.description && <p className={styles.groupDescription}>{group.description}</p>}
                </header>
                {group.members.length === 0 ? (
                  <p className={styles.noMembers}>아직 이 부서에 등록된 사람이 없습니다.</p>
                ) : (
                  <ul className={styles.members}>
                    {group.members.map((member) => (
                      <li key={member.id} className={`${surface.card} ${styles.member}`}>
                        <Avatar
                          person={member}
                          sizes="112px"
                          className={styles.photo}
                          initialClassName={styles.initial}
                        />
                        <p className={styles.name}>{member.name}</p>
                        {member.role && <p className={styles.role}>{member.role}</p>}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            ))}
          </>
        )}
      </div>
    </>
  );
}
