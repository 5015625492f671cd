import { data, Link } from "react-router";
import { ArticleGallery } from "#app/components/community/ArticleGallery.tsx";
import styles from "#app/components/community/ArticlePage.module.css";
import {
  articleHref,
  MEDIA_PATH,
  mediaListHref,
  RSS_PATH,
  rssAlternate,
} from "#app/components/community/media-links.ts";
import prose from "#app/components/community/Prose.module.css";
import tagStyles from "#app/components/community/Tag.module.css";
import { PageBanner } from "#app/components/layout/PageBanner.tsx";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import pill from "#app/components/ui/Pill.module.css";
import { pageMeta, siteMetaFrom } from "#app/lib/meta.ts";
import { articleJsonLd } from "#app/lib/structured-data.ts";
import { getArticle } from "#server/domain/articles/articles.ts";
import { getServices } from "#server/http/router-context.ts";
import { type ArticleStatus, articleStatusLabels } from "#shared/article-status.ts";
import { formatLongDate } from "#shared/dates.ts";
import type { Route } from "./+types/article";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  const article = await getArticle(db, storage, params.id);
  // The public layout's error boundary answers this with the 404 page.
  if (!article) throw data(null, { status: 404 });
  return { article, preview: false, unsaved: false };
}

export const meta: Route.MetaFunction = (args) => {
  const article = args.loaderData?.article;
  if (!article) return pageMeta(args, { title: "404 Not Found", noIndex: true });
  const tags = pageMeta(args, {
    title: article.title,
    description: article.excerpt,
    picture: article.images[0],
    type: "article",
    noIndex: args.loaderData?.preview,
  });
  return [
    ...tags,
    { property: "article:published_time", content: article.publishedAt },
    { property: "article:modified_time", content: article.updatedAt },
    ...(article.tag ? [{ property: "article:tag", content: article.tag }] : []),
    rssAlternate(siteMetaFrom(args.matches).clubName),
    ...articleJsonLd(args.matches, article, args.location.pathname),
  ];
};

/** The article page; a manager's preview (article-preview.tsx) shows the same with a notice on top. */
export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, preview, unsaved } = loaderData;
  return (
    <>
      {preview && <PreviewNotice id={article.id} status={article.status} unsaved={unsaved} />}
      <PageBanner
        eyebrow={article.tag ? `# ${article.tag}` : "MEDIA"}
        title={article.title}
        date={article.publishedAt}
        backgroundImage={article.images[0]?.image}
      />
      <div className={`container ${styles.page}`}>
        <nav aria-label="이동 경로" className={styles.crumbs}>
          <Link to={MEDIA_PATH}>미디어</Link>
          {article.tag && (
            <>
              <span aria-hidden="true">/</span>
              <Link to={mediaListHref({ tag: article.tag })}>{article.tag}</Link>
            </>
          )}
        </nav>
        <div className={styles.layout}>
          <article className={styles.article}>
            <div
              className={prose.prose}
              // The contents were sanitized with an allow-list when they were saved.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized HTML from the database
              dangerouslySetInnerHTML={{ __html: article.contents }}
            />
            <ArticleGallery images={article.images} title={article.title} />
          </article>
          <aside className={styles.aside} aria-label="글 정보">
            <dl className={styles.facts}>
              {article.tag && (
                <div>
                  <dt>태그</dt>
                  <dd>
                    <Link to={mediaListHref({ tag: article.tag })} className={`${pill.pill} ${tagStyles.tag}`}>
                      {article.tag}
                    </Link>
                  </dd>
                </div>
              )}
              <div>
                <dt>게시일</dt>
                <dd>
                  <time dateTime={article.publishedAt}>{formatLongDate(article.publishedAt)}</time>
                </dd>
              </div>
              {article.images.length > 0 && (
                <div>
                  <dt>사진</dt>
                  <dd>{article.images.length}장</dd>
                </div>
              )}
            </dl>
            <a href={RSS_PATH} className={styles.rss} type="application/rss+xml">
              RSS로 새 글 받아 보기
            </a>
          </aside>
        </div>

        <nav aria-label="다른 글" className={styles.neighbours}>
          {article.newer ? (
            <Link to={articleHref(article.newer.id)} className={styles.neighbour} rel="prev">
              <span className={styles.direction}>← 최근 글</span>
              <span className={styles.neighbourTitle}>{article.newer.title}</span>
            </Link>
          ) : (
            <span />
          )}
          {article.older ? (
            <Link to={articleHref(article.older.id)} className={`${styles.neighbour} ${styles.older}`} rel="next">
              <span className={styles.direction}>지난 글 →</span>
              <span className={styles.neighbourTitle}>{article.older.title}</span>
            </Link>
          ) : (
            <span />
          )}
        </nav>
        <p className={styles.back}>
          <ButtonLink to={MEDIA_PATH} variant="secondary">
            목록으로
          </ButtonLink>
        </p>
      </div>
    </>
  );
}

/** Says what a preview is, so a manager never mistakes it for the public page. */
function PreviewNotice({ id, status, unsaved }: { id: string; status: ArticleStatus; unsaved: boolean }) {
  return (
    <div className={styles.preview} role="note" aria-label="미리보기 안내">
      <p className="container">
        <strong>미리보기</strong>{" "}
        {unsaved
          ? "아직 저장하지 않은 내용입니다. 편집 화면에서 저장해야 반영됩니다."
          : status === "published"
            ? "방문자가 보는 모습입니다."
            : `'${articleStatusLabels[status]}' 상태라 방문자에게는 아직 보이지 않습니다.`}{" "}
        <Link to={`/admin/manage-posts/${id}`}>편집으로 돌아가기</Link>
      </p>
    </div>
  );
}
