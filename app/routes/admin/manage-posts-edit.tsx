import { data, isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { AdminForm } from "#app/components/admin/AdminForm.tsx";
import { ConfirmButton } from "#app/components/admin/ConfirmButton.tsx";
import { Notice } from "#app/components/admin/Notice.tsx";
import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { PublicPageLink } from "#app/components/admin/PublicPageLink.tsx";
import { ArticleEditor, useNavigateAfterSave } from "#app/components/admin/posts/ArticleEditor.tsx";
import { ARTICLES, deleteMessage, handOverOf, POSTS_PATH } from "#app/components/admin/posts/links.ts";
import { RevisionHistory } from "#app/components/admin/RevisionHistory.tsx";
import { articleViewHref } from "#app/components/community/media-links.ts";
import { EmptyState } from "#app/components/ui/EmptyState.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { listArticleTags } from "#server/domain/articles/articles.ts";
import { recoverableCopy } from "#server/domain/articles/autosave.ts";
import { articleForm } from "#server/domain/articles/content-type.ts";
import { articleHistory } from "#server/domain/articles/history.ts";
import { getEditableArticle } from "#server/domain/articles/manage.ts";
import { revisionPanel } from "#server/domain/revisions/revisions.ts";
import { fieldRules } from "#server/domain/write/field-rules.ts";
import { getServices } from "#server/http/router-context.ts";
import { requireSignedIn } from "#server/http/session-guard.ts";
import { seoulDateTimeInput } from "#shared/dates.ts";
import type { Route } from "./+types/manage-posts-edit";
import styles from "./manage-posts-edit.module.css";

export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  const session = await requireSignedIn({ context, request, url });
  const [article, tags] = await Promise.all([getEditableArticle(db, storage, params.id), listArticleTags(db)]);
  // Answered inside the admin shell by this route's error boundary.
  if (!article) throw data(null, { status: 404 });
  const publishedAt = seoulDateTimeInput(article.publishedAt);
  const [copy, history] = await Promise.all([
    recoverableCopy(db, session.account.id, article.id, { ...article, publishedAt }),
    revisionPanel(db, articleHistory, article.id, url),
  ]);
  return { article, tags, publishedAt, rules: fieldRules(articleForm), copy, history };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData ? `게시글 수정: ${args.loaderData.article.title}` : "404 Not Found",
    noIndex: true,
  });

export default function EditPost({ loaderData }: Route.ComponentProps) {
  const { article, tags, publishedAt, rules, copy, history } = loaderData;
  const location = useLocation();
  const handOver = handOverOf(location.state);
  const leaveTo = useNavigateAfterSave();
  // A draft or scheduled article has no public page yet: its links open the preview.
  const published = article.status === "published";
  const viewHref = articleViewHref(article);

  return (
    <>
      <PageHeader
        eyebrow="미디어 게시글"
        title="게시글 수정"
        description={
          <p>
            게시 상태가 '게시'이면 저장한 내용이 공개 사이트에 바로 반영됩니다. 임시 저장과 예약 글은 미리보기로만 볼 수
            있습니다. 쓰는 동안 몇 초마다 자동 저장되고, 저장할 때마다 아래 변경 기록에 남습니다.
          </p>
        }
        actions={
          <PublicPageLink href={viewHref} className={styles.view}>
            {published ? "공개 페이지에서 보기" : "미리보기로 보기"}
          </PublicPageLink>
        }
      />
      {handOver && handOver.version === article.version && (
        <div className={styles.handOver}>
          <Notice tone="success" title={handOver.notice}>
            <p>
              <PublicPageLink href={viewHref}>
                {published ? "공개 페이지에서 확인하기" : "미리보기로 확인하기"}
              </PublicPageLink>
            </p>
          </Notice>
        </div>
      )}
      <ArticleEditor
        key={article.id}
        article={article}
        publishedAt={publishedAt}
        tags={tags}
        rules={rules}
        copy={copy}
      />

      <RevisionHistory
        contentType={ARTICLES}
        what="게시글"
        panel={history}
        version={article.version}
        restoreNote="제목, 태그, 본문을 되돌립니다. 게시 상태와 게시일, 사진은 지금 그대로 둡니다."
      />

      <section className={styles.danger} aria-labelledby="delete-title">
        <h2 id="delete-title" className={styles.dangerTitle}>
          게시글 삭제
        </h2>
        <p className={styles.dangerText}>{deleteMessage(article.images.length)}</p>
        {/* After a delete the article is gone: its editor is left, not loaded again. */}
        <AdminForm
          contentType={ARTICLES}
          reload={false}
          label="게시글 삭제"
          hidden={{ intent: "delete", id: article.id, version: article.version }}
          onSaved={(answer) => leaveTo(POSTS_PATH, { notice: answer.message })}
        >
          {({ busy }) => (
            <>
              <ConfirmButton
                title={`'${article.title}' 게시글을 삭제할까요?`}
                message={deleteMessage(article.images.length)}
                size="md"
                disabled={busy}
              >
                이 게시글 삭제
              </ConfirmButton>
            </>
          )}
        </AdminForm>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <PageHeader
        eyebrow={notFound ? "ERROR 404" : "ERROR"}
        title={notFound ? "게시글을 찾을 수 없습니다" : "게시글을 열지 못했습니다"}
      />
      <EmptyState
        title={notFound ? "이미 삭제되었거나 주소가 잘못된 게시글입니다." : "게시글을 불러오는 중에 오류가 났습니다."}
        action={<Link to={POSTS_PATH}>게시글 목록으로</Link>}
      >
        {notFound
          ? "목록에서 게시글을 다시 골라 주세요."
          : "잠시 후 다시 시도해 주세요. 문제가 계속되면 사이트를 관리하는 운영진에게 알려 주세요."}
      </EmptyState>
    </>
  );
}
