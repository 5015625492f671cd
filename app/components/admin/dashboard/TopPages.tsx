import { EmptyState } from "#app/components/ui/EmptyState.tsx";
import type { SiteTraffic } from "#server/domain/dashboard/site-traffic.ts";
import { DataTable } from "../DataTable.tsx";
import { PublicPageLink } from "../PublicPageLink.tsx";
import styles from "./TopPages.module.css";

/** The most viewed public pages of the period, each linked, with its views and share of all views. */
export function TopPages({ traffic }: { traffic: SiteTraffic }) {
  const { topPages, total, days } = traffic;
  if (topPages.length === 0) return <EmptyState title={`최근 ${days}일 동안 조회된 페이지가 없습니다.`} />;
  return (
    <DataTable caption={`최근 ${days}일 많이 본 페이지`} hideCaption>
      <thead>
        <tr>
          <th scope="col" data-numeric>
            순위
          </th>
          <th scope="col">페이지</th>
          <th scope="col" data-numeric>
            조회수
          </th>
          <th scope="col" data-numeric>
            비율
          </th>
        </tr>
      </thead>
      <tbody>
        {topPages.map((page, index) => (
          <tr key={page.path}>
            <td data-numeric>{index + 1}</td>
            <th scope="row" className={styles.page}>
              <PublicPageLink href={page.path}>{page.title ?? page.path}</PublicPageLink>
              {page.title === null ? (
                <span className={styles.note}>삭제된 게시글</span>
              ) : (
                <span className={styles.path}>{page.path}</span>
              )}
            </th>
            <td data-numeric>{page.views.toLocaleString("ko-KR")}</td>
            <td data-numeric className={styles.share}>
              {total > 0 ? `${((page.views / total) * 100).toFixed(1)}%` : "—"}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
