import { Link } from "react-router";
import type { PendingArticles as Pending } from "#server/domain/dashboard/pending-articles.ts";
import { formatDateTime } from "#shared/dates.ts";
import { ArticleStatusBadge } from "../posts/ArticleStatusBadge.tsx";
import { NEW_POST_PATH, POSTS_PATH, postEditHref } from "../posts/links.ts";
import styles from "./ActivityList.module.css";

/**
 * Articles visitors do not see yet, the next to go public first: each opens in its editor. A
 * scheduled one says when it goes public (Seoul time, as the editor takes it); a draft, when it
 * was last saved.
 */
export function PendingArticles({ pending }: { pending: Pending }) {
  const { items, total, totalCapped } = pending;
  if (items.length === 0) {
    return (
      <>
        <p className={styles.empty}>임시 저장하거나 예약한 글이 없습니다.</p>
        <p className={styles.more}>
          <Link to={NEW_POST_PATH}>새 게시글 쓰기</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <ul className={styles.list}>
        {items.map((article) => (
          <li key={article.id} className={styles.item}>
            <span className={styles.main}>
              <ArticleStatusBadge status={article.status} />{" "}
              <Link to={postEditHref(article.id)} className={styles.title}>
                {article.title}
              </Link>
            </span>
            <span className={styles.meta}>
              {article.status === "scheduled" ? (
                <>
                  공개 예정 <time dateTime={article.publishedAt}>{formatDateTime(article.publishedAt)}</time> (한국
                  시간)
                </>
              ) : (
                <>
                  마지막 수정 <time dateTime={article.updatedAt}>{formatDateTime(article.updatedAt)}</time>
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
      <p className={styles.more}>
        <Link to={POSTS_PATH}>
          미디어 게시글에서 모두 보기 ({total.toLocaleString("ko-KR")}개{totalCapped ? " 이상" : ""})
        </Link>
      </p>
    </>
  );
}
