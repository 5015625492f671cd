import { data } from "react-router";
import { ArticleCard } from "#app/components/community/ArticleCard.tsx";
import { MediaFilters } from "#app/components/community/MediaFilters.tsx";
import styles from "#app/components/community/MediaList.module.css";
import { MEDIA_PATH, mediaListHref, rssAlternate } from "#app/components/community/media-links.ts";
import { Pagination } from "#app/components/community/Pagination.tsx";
import { PageBanner } from "#app/components/layout/PageBanner.tsx";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { EmptyState } from "#app/components/ui/EmptyState.tsx";
import type { IslandsHandle } from "#app/lib/islands.tsx";
import { pageMeta, siteMetaFrom } from "#app/lib/meta.ts";
import { pageBreadcrumbJsonLd } from "#app/lib/structured-data.ts";
import {
  countArticles,
  listArticles,
  listArticleTags,
  parseArticleListQuery,
} from "#server/domain/articles/articles.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/media";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  const query = parseArticleListQuery(url.searchParams);
  const [list, tags, totalCount] = await Promise.all([
    listArticles(db, storage, query),
    listArticleTags(db),
    countArticles(db),
  ]);
  // A page past the last one does not exist: the public layout answers with the 404 page.
  if (!list) throw data(null, { status: 404 });
  return { query, list, tags, totalCount };
}

/** Searching, choosing a tag and paging stay in the page. */
export const handle: IslandsHandle = { islands: ["in-page"] };

const DESCRIPTION = "행사 후기, 스터디 소식, 수상 소식과 공지까지. 동아리의 이야기를 전합니다.";

export const meta: Route.MetaFunction = (args) => [
  ...(args.loaderData
    ? [...pageMeta(args, { title: "미디어", description: DESCRIPTION }), ...pageBreadcrumbJsonLd(args)]
    : pageMeta(args, { title: "404 Not Found", noIndex: true })),
  rssAlternate(siteMetaFrom(args.matches).clubName),
];

export default function Media({ loaderData }: Route.ComponentProps) {
  const { query, list, tags, totalCount } = loaderData;
  return (
    <>
      <PageBanner eyebrow="COMMUNITY" title="미디어" detail={DESCRIPTION} />
      <div className={`container ${styles.page}`}>
        <MediaFilters query={query} tags={tags} totalCount={totalCount} />
        <p className={styles.summary} role="status">
          {summaryOf(query.search, query.tag, list)}
          {(list.pageCount > 1 || list.totalCapped) && (
            <span className={styles.pageOf}>
              {list.page} / {list.pageCount.toLocaleString("ko-KR")}
              {list.totalCapped && "+"} 페이지
            </span>
          )}
        </p>
        {/* The in-page island marks it busy while the next list loads. */}
        <div aria-busy="false" className={styles.results} data-in-page-busy="">
          {list.items.length === 0 ? (
            <EmptyState
              title={totalCount === 0 ? "아직 올라온 글이 없습니다" : "찾는 글이 없습니다"}
              action={
                (query.search || query.tag) && (
                  <ButtonLink to={MEDIA_PATH} variant="secondary">
                    전체 글 보기
                  </ButtonLink>
                )
              }
            >
              {totalCount === 0
                ? "첫 소식이 올라오면 여기에서 볼 수 있습니다."
                : "검색어를 줄이거나 다른 태그를 골라 보세요."}
            </EmptyState>
          ) : (
            <ul className={styles.grid}>
              {list.items.map((article, index) => (
                <li key={article.id}>
                  <ArticleCard article={article} priority={index === 0} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <Pagination
          page={list.page}
          pageCount={list.pageCount}
          morePages={list.totalCapped}
          hrefFor={(page) => mediaListHref({ ...query, page })}
        />
      </div>
    </>
  );
}

/** "‘행사’ 검색 결과 1,000개 이상": a search stops counting at its limit. */
function summaryOf(search: string, tag: string, list: { total: number; totalCapped: boolean }): string {
  const scope = [search && `‘${search}’ 검색`, tag && `‘${tag}’ 태그`].filter(Boolean).join(", ");
  const count = `${list.total.toLocaleString("ko-KR")}개${list.totalCapped ? " 이상" : ""}`;
  return scope ? `${scope} 결과 ${count}` : `모든 글 ${count}`;
}
