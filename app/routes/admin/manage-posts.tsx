import { useLocation, useNavigation } from "react-router";
import { AdminForm } from "#app/components/admin/AdminForm.tsx";
import { FilterSelect } from "#app/components/admin/FilterSelect.tsx";
import { ListSearch, ListSummary } from "#app/components/admin/ListSearch.tsx";
import { Notice } from "#app/components/admin/Notice.tsx";
import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { Pagination } from "#app/components/admin/Pagination.tsx";
import { BulkActions } from "#app/components/admin/posts/BulkActions.tsx";
import { ARTICLES, deleteTargetOf, handOverOf, NEW_POST_PATH, POSTS_PATH } from "#app/components/admin/posts/links.ts";
import styles from "#app/components/admin/posts/PostsList.module.css";
import { PostsTable } from "#app/components/admin/posts/PostsTable.tsx";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { EmptyState } from "#app/components/ui/EmptyState.tsx";
import { listHref } from "#app/lib/admin/list-href.ts";
import { useRowSelection } from "#app/lib/admin/use-row-selection.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { listManagedArticles, listPendingArticles } from "#server/domain/articles/admin-list.ts";
import { listArticleTags, parseArticleListQuery } from "#server/domain/articles/articles.ts";
import { getServices } from "#server/http/router-context.ts";
import { ARTICLE_STATUSES, articleStatusLabels, isArticleStatus } from "#shared/article-status.ts";
import type { Route } from "./+types/manage-posts";

const PAGE_SIZE = 20;

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "미디어 게시글 관리", noIndex: true });

const NO_PAGE = { items: [], total: 0, totalCapped: false, page: 1, pageCount: 1 };

export async function loader({ context, url }: Route.LoaderArgs) {
  const { db } = getServices(context);
  // The public list's reading of page, search and tag; the admin shows more rows a page.
  const query = { ...parseArticleListQuery(url.searchParams), limit: PAGE_SIZE };
  const requested = url.searchParams.get("status") ?? "";
  const status = isArticleStatus(requested) ? requested : "";
  const [list, tags] = await Promise.all([
    status === "" || status === "published" ? listManagedArticles(db, query) : NO_PAGE,
    listArticleTags(db),
  ]);
  // Drafts and scheduled articles stand above the first page of the published ones.
  const pending =
    status !== "published" && list.page === 1
      ? await listPendingArticles(db, { search: query.search, tag: query.tag, status: status || undefined })
      : [];
  return { query: { search: query.search, tag: query.tag, status }, list, pending, tags };
}

type ListQuery = { search: string; tag: string; status: string };

export default function ManagePosts({ loaderData }: Route.ComponentProps) {
  const { query, list, pending, tags } = loaderData;
  const rows = [...pending, ...list.items];
  const location = useLocation();
  // Another page, search or filter starts with nothing chosen.
  const selection = useRowSelection(
    rows.map((row) => row.id),
    location.search,
  );
  const navigation = useNavigation();
  const handedOver = handOverOf(location.state)?.notice;
  const filtered = query.search !== "" || query.tag !== "" || query.status !== "";
  const loading = navigation.state === "loading" && navigation.location.pathname === POSTS_PATH;

  return (
    <>
      <PageHeader
        eyebrow="콘텐츠"
        title="미디어 게시글"
        description={
          <p>
            미디어 페이지에 실리는 동아리 소식, 행사 후기, 수상 소식을 쓰고 고칩니다. 게시한 글은 저장하면 공개 사이트에
            바로 반영되고, 예약한 글은 게시일에 공개되며, 임시 저장한 글은 방문자에게 보이지 않습니다.
          </p>
        }
        actions={<ButtonLink to={NEW_POST_PATH}>새 게시글 쓰기</ButtonLink>}
      />
      {handedOver && (
        <div className={styles.handedOver}>
          <Notice tone="success" title={handedOver} />
        </div>
      )}

      <ListSearch
        path={POSTS_PATH}
        label="게시글 검색"
        searchLabel="제목이나 본문"
        search={query.search}
        filters={[query.tag, query.status]}
      >
        <FilterSelect
          id="posts-tag"
          name="tag"
          label="태그"
          defaultValue={query.tag}
          options={tags.map((tag) => [tag.tag, `${tag.tag} (${tag.count})`] as const)}
          className={styles.tagFilter}
        />
        <FilterSelect
          id="posts-status"
          name="status"
          label="상태"
          defaultValue={query.status}
          options={ARTICLE_STATUSES.map((status) => [status, articleStatusLabels[status]] as const)}
        />
      </ListSearch>

      <ListSummary
        loading={loading}
        summary={summaryOf(query, list, pending.length)}
        page={list.page}
        pageCount={list.pageCount}
      />

      {/* One form around the list, so a delete's answer stays on screen even when it empties the list. */}
      <AdminForm
        contentType={ARTICLES}
        prepare={deleteTargetOf}
        label="게시글 목록"
        choosesRows
        onSaved={(_result, sent) => {
          if (String(sent.get("intent") ?? "").startsWith("bulk-")) selection.clear();
        }}
      >
        {({ busy }) =>
          rows.length === 0 ? (
            <EmptyState
              title={filtered ? "조건에 맞는 게시글이 없습니다" : "아직 게시글이 없습니다"}
              action={
                filtered ? (
                  <ButtonLink to={POSTS_PATH} variant="secondary">
                    모든 게시글 보기
                  </ButtonLink>
                ) : (
                  <ButtonLink to={NEW_POST_PATH}>첫 게시글 쓰기</ButtonLink>
                )
              }
            >
              {filtered
                ? "검색어를 줄이거나 다른 태그를 골라 보세요."
                : "첫 소식을 올리면 공개 사이트의 미디어 페이지에 나타납니다."}
            </EmptyState>
          ) : (
            <>
              <BulkActions rows={rows} selection={selection} busy={busy} />
              <PostsTable rows={rows} selection={selection} busy={busy} />
            </>
          )
        }
      </AdminForm>

      <Pagination
        page={list.page}
        // A capped search total means the next page exists; the count grows as it is reached.
        pageCount={list.totalCapped ? Math.max(list.pageCount, list.page + 1) : list.pageCount}
        hrefFor={(page) => listHref(POSTS_PATH, query, page)}
        label="게시글 목록 페이지"
      />
    </>
  );
}

function summaryOf(query: ListQuery, list: { total: number; totalCapped: boolean }, pendingCount: number): string {
  const scope = [
    query.search && `‘${query.search}’ 검색`,
    query.tag && `‘${query.tag}’ 태그`,
    isArticleStatus(query.status) && `‘${articleStatusLabels[query.status]}’ 상태`,
  ]
    .filter(Boolean)
    .join(", ");
  const total = list.total + pendingCount;
  const count = `${total.toLocaleString("ko-KR")}개${list.totalCapped ? " 이상" : ""}`;
  const notYet = pendingCount > 0 && query.status === "" ? ` (게시 전 ${pendingCount}개 포함)` : "";
  return scope ? `${scope} 결과 ${count}${notYet}` : `모든 게시글 ${count}${notYet}`;
}
