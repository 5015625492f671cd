import { RuleDownloads } from "#app/components/archive/RuleDownloads.tsx";
import { PageBanner } from "#app/components/layout/PageBanner.tsx";
import { EmptyState } from "#app/components/ui/EmptyState.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { pageBreadcrumbJsonLd } from "#app/lib/structured-data.ts";
import { listRuleDownloads } from "#server/domain/rules/rule-files.ts";
import { getRules } from "#server/domain/rules/rules.ts";
import { getServices } from "#server/http/router-context.ts";
import { formatLongDate } from "#shared/dates.ts";
import type { Route } from "./+types/rule";
import styles from "./rule.module.css";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const { value: rules, updatedAt } = await getRules(db);
  const downloads = await listRuleDownloads(db, rules.attachments);
  return { contents: rules.contents, downloads, updatedAt };
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "회칙",
    description: "동아리의 목적과 회원, 운영진, 회비와 총회에 관한 회칙 전문과 PDF 파일입니다.",
  }),
  ...pageBreadcrumbJsonLd(args),
];

export default function RulesPage({ loaderData }: Route.ComponentProps) {
  const { contents, downloads, updatedAt } = loaderData;
  const hasText = contents.trim().length > 0;
  return (
    <>
      <PageBanner eyebrow="ARCHIVE" title="회칙" detail="동아리를 함께 꾸려 가기 위해 부원들이 정한 약속입니다." />
      <div className={`container ${styles.layout}`}>
        {downloads.length > 0 && (
          <aside className={styles.aside} aria-labelledby="rule-files-title">
            <RuleDownloads titleId="rule-files-title" downloads={downloads} />
          </aside>
        )}
        <article className={styles.article} aria-label="회칙 전문">
          {hasText ? (
            <>
              <p className={styles.updated}>
                <span className={styles.prompt} aria-hidden="true">
                  $
                </span>{" "}
                최근 수정 <time dateTime={updatedAt}>{formatLongDate(updatedAt)}</time>
              </p>
              <div
                className={styles.prose}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: stored HTML is sanitized on save
                dangerouslySetInnerHTML={{ __html: contents }}
              />
            </>
          ) : (
            <EmptyState title="아직 회칙 본문이 등록되지 않았습니다.">
              {downloads.length > 0 ? "PDF 파일로 회칙 전문을 확인해 주세요." : null}
            </EmptyState>
          )}
        </article>
      </div>
    </>
  );
}
