import { Link } from "react-router";
import { ConfirmButton } from "#app/components/admin/ConfirmButton.tsx";
import { Badge, DataTable } from "#app/components/admin/DataTable.tsx";
import field from "#app/components/admin/FormField.module.css";
import { articleViewHref } from "#app/components/community/media-links.ts";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import type { RowSelection } from "#app/lib/admin/use-row-selection.ts";
import type { ManagedArticleRow } from "#server/domain/articles/admin-list.ts";
import { formatDateTime } from "#shared/dates.ts";
import { SELECTED_FIELD, selectedValue } from "#shared/list-selection.ts";
import { ArticleStatusBadge } from "./ArticleStatusBadge.tsx";
import { deleteMessage, postEditHref } from "./links.ts";
import styles from "./PostsList.module.css";

interface PostsTableProps {
  rows: ManagedArticleRow[];
  selection: RowSelection;
  busy: boolean;
}

/**
 * The admin list's table: each article with a checkbox that chooses it for a change to several
 * at once (sending "id:version"), its title linking to its editor, status, tag, date, pictures,
 * and its own actions (edit, view or preview, delete behind a confirmation). On phones each
 * article becomes a card.
 */
export function PostsTable({ rows, selection, busy }: PostsTableProps) {
  return (
    <div className={styles.list}>
      <DataTable caption="게시글 목록" hideCaption>
        <thead className={styles.head}>
          <tr>
            <th scope="col" className={styles.selectCell}>
              <span className="visually-hidden">선택</span>
            </th>
            <th scope="col">제목</th>
            <th scope="col">상태</th>
            <th scope="col">태그</th>
            <th scope="col">게시일</th>
            <th scope="col" data-numeric>
              사진
            </th>
            <th scope="col">
              <span className="visually-hidden">관리</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((article) => (
            <tr key={article.id} data-chosen={selection.has(article.id) || undefined}>
              <td className={styles.selectCell}>
                <input
                  type="checkbox"
                  className={`${field.checkbox} ${styles.checkbox}`}
                  name={SELECTED_FIELD}
                  value={selectedValue(article.id, article.version)}
                  checked={selection.has(article.id)}
                  onChange={(event) => selection.toggle(article.id, event.currentTarget.checked)}
                  aria-label={`'${article.title}' 선택`}
                />
              </td>
              <th scope="row" className={styles.titleCell}>
                <Link to={postEditHref(article.id)} className={styles.title}>
                  {article.title}
                </Link>
                <span className={styles.updated}>마지막 수정 {formatDateTime(article.updatedAt)}</span>
              </th>
              <td className={styles.statusCell}>
                <ArticleStatusBadge status={article.status} />
              </td>
              <td className={styles.tagCell}>{article.tag ? <Badge tone="brand">{article.tag}</Badge> : "—"}</td>
              <td data-nowrap data-mono className={styles.dateCell}>
                <time dateTime={article.publishedAt}>{formatDateTime(article.publishedAt)}</time>
              </td>
              <td data-numeric className={styles.countCell}>
                <span className={styles.narrowLabel}>사진 </span>
                {article.imageCount}
                <span className={styles.narrowUnit}>장</span>
              </td>
              <td className={styles.actionsCell}>
                <RowActions article={article} busy={busy} />
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </div>
  );
}

function RowActions({ article, busy }: { article: ManagedArticleRow; busy: boolean }) {
  const published = article.status === "published";
  return (
    <div className={styles.rowActions}>
      <ButtonLink to={postEditHref(article.id)} variant="secondary" size="sm" aria-label={`'${article.title}' 수정`}>
        수정
      </ButtonLink>
      {/* A published article opens as visitors see it; one not yet public, in the preview. */}
      <a href={articleViewHref(article)} target="_blank" rel="noopener" className={styles.publicLink}>
        {published ? "보기" : "미리보기"}
        <span className="visually-hidden"> ('{article.title}', 새 탭)</span>
      </a>
      <ConfirmButton
        title={`'${article.title}' 게시글을 삭제할까요?`}
        message={deleteMessage(article.imageCount)}
        name="target"
        value={selectedValue(article.id, article.version)}
        disabled={busy}
      >
        삭제
      </ConfirmButton>
    </div>
  );
}
