import ld from "#app/components/admin/ListDetail.module.css";
import { GroupList, UNTITLED } from "#app/components/admin/organization/GroupList.tsx";
import { Members } from "#app/components/admin/organization/Members.tsx";
import styles from "#app/components/admin/organization/Organization.module.css";
import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { EmptyState } from "#app/components/ui/EmptyState.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { groupInputSchema, memberInputSchema } from "#server/domain/organization/manage.ts";
import { listOrganization } from "#server/domain/organization/organization.ts";
import { fieldRules } from "#server/domain/write/field-rules.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/manage-organization";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "조직도 관리", noIndex: true });

/** ?group=<id> picks the group to edit; without it (or when it is gone) the first one. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  const groups = await listOrganization(db, storage);
  const wanted = url.searchParams.get("group");
  const group = groups.find((candidate) => candidate.id === wanted) ?? groups[0];
  return {
    groups,
    group,
    rules: { group: fieldRules(groupInputSchema), member: fieldRules(memberInputSchema) },
  };
}

export default function ManageOrganization({ loaderData }: Route.ComponentProps) {
  const { groups, group, rules } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="콘텐츠"
        title="조직도"
        description={
          <p>
            조직도의 그룹과 구성원을 관리합니다. 새 그룹은 비어 있는 채로 만들어지니 이름과 설명을 채워 주세요. 순서는
            공개 페이지에 그대로 보입니다.
          </p>
        }
        actions={
          <ButtonLink to="/about/organization" variant="secondary" size="sm">
            공개 페이지 보기
          </ButtonLink>
        }
      />
      <div className={ld.layout}>
        <GroupList items={groups} selected={group} rules={rules.group} />
        {group ? (
          <section key={group.id} className={ld.detail} aria-labelledby="group-title">
            <header className={ld.detailHeader}>
              <p className={ld.eyebrow}>선택한 그룹</p>
              <h2 id="group-title" className={ld.title} data-untitled={group.title ? undefined : true}>
                {group.title || UNTITLED}
              </h2>
            </header>
            {!group.title && (
              <p className={styles.fresh}>
                새로 만든 빈 그룹입니다. 그룹 목록에 열린 칸에 이름을 입력해 저장하면 공개 페이지에 나타납니다.
              </p>
            )}
            <Members group={group} rules={rules.member} />
          </section>
        ) : (
          <div className={ld.detail}>
            <EmptyState title="아직 그룹이 없습니다">
              ‘새 그룹 만들기’로 첫 그룹을 만들고 이름과 구성원을 채워 주세요.
            </EmptyState>
          </div>
        )}
      </div>
    </>
  );
}
