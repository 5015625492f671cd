import { data, Link } from "react-router";
import { listAuditEntries } from "../../../server/domain/audit-log/audit-log.ts";
import {
  countContent,
  documentUpdateTimes,
} from "../../../server/domain/dashboard/content-counts.ts";
import { AuditTable } from "../../components/admin/AuditTable.tsx";
import { contentPageAt } from "../../components/admin/content-pages.ts";
import { PageHeader } from "../../components/admin/PageHeader.tsx";
import { getServices } from "../../context.ts";
import { formatDateTime } from "../../lib/format.ts";
import { pageMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/content-page";
import styles from "./content-page.module.css";

/**
 * One module for every content page (manage-posts, manage-feed, …): what the page manages,
 * where it shows on the public site, how much of it there is and its latest log entries.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const page = contentPageAt(url.pathname);
  if (!page) throw data("Not Found", { status: 404 });
  const { db } = getServices(context);
  const [counts, documents, recent] = await Promise.all([
    countContent(db),
    documentUpdateTimes(db),
    listAuditEntries(db, { category: page.category, page: 1, pageSize: 5 }),
  ]);
  return {
    path: page.path,
    counts: page.counts?.(counts) ?? [],
    documentUpdatedAt: page.documentKey ? documents[page.documentKey] : undefined,
    recent: recent.entries,
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `${contentPageAt(args.location.pathname)?.title ?? "콘텐츠"} 관리`,
    noIndex: true,
  });

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const page = contentPageAt(loaderData.path);
  if (!page) return null;
  return (
    <>
      <PageHeader eyebrow="콘텐츠" title={page.title} description={<p>{page.summary}</p>} />
      <div className={styles.grid}>
        <section className={styles.panel} aria-labelledby="fields-title">
          <h2 id="fields-title" className={styles.heading}>
            이 화면에서 관리할 내용
          </h2>
          <ul className={styles.fields}>
            {page.fields.map((field) => (
              <li key={field}>{field}</li>
            ))}
          </ul>
        </section>
        <section className={styles.panel} aria-labelledby="status-title">
          <h2 id="status-title" className={styles.heading}>
            지금 사이트에 있는 내용
          </h2>
          {loaderData.counts.length > 0 && (
            <dl className={styles.counts}>
              {loaderData.counts.map((count) => (
                <div key={count.label}>
                  <dt>{count.label}</dt>
                  <dd>{count.value.toLocaleString("ko-KR")}</dd>
                </div>
              ))}
            </dl>
          )}
          {page.documentKey && (
            <p className={styles.updated}>
              마지막 저장:{" "}
              {loaderData.documentUpdatedAt ? (
                <time dateTime={loaderData.documentUpdatedAt}>
                  {formatDateTime(loaderData.documentUpdatedAt)}
                </time>
              ) : (
                "아직 저장된 내용이 없습니다"
              )}
            </p>
          )}
          <p className={styles.publicLinks}>
            공개 사이트에서 보기:{" "}
            {page.publicPages.map((publicPage) => (
              <a key={publicPage.to} href={publicPage.to} target="_blank" rel="noopener">
                {publicPage.label}
                <span className="visually-hidden"> (새 탭)</span>
              </a>
            ))}
          </p>
        </section>
      </div>
      <section aria-labelledby="recent-title" className={styles.recent}>
        <div className={styles.recentHeader}>
          <h2 id="recent-title" className={styles.heading}>
            최근 관리 기록
          </h2>
          <Link to={`/admin?category=${page.category}`}>전체 기록 보기</Link>
        </div>
        <AuditTable
          caption={`${page.title} 최근 관리 기록`}
          entries={loaderData.recent}
          emptyText="이 콘텐츠의 관리 기록이 아직 없습니다."
        />
      </section>
    </>
  );
}
