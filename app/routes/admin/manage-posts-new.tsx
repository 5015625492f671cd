import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { ArticleEditor } from "#app/components/admin/posts/ArticleEditor.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { listArticleTags } from "#server/domain/articles/articles.ts";
import { recoverableCopy } from "#server/domain/articles/autosave.ts";
import { articleForm } from "#server/domain/articles/content-type.ts";
import { fieldRules } from "#server/domain/write/field-rules.ts";
import { getServices } from "#server/http/router-context.ts";
import { requireSignedIn } from "#server/http/session-guard.ts";
import { NEW_ARTICLE_KEY } from "#shared/article-autosave.ts";
import { seoulDateTimeInput } from "#shared/dates.ts";
import type { Route } from "./+types/manage-posts-new";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "새 게시글 쓰기", noIndex: true });

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const session = await requireSignedIn({ context, request, url });
  const [tags, copy] = await Promise.all([
    listArticleTags(db),
    recoverableCopy(db, session.account.id, NEW_ARTICLE_KEY),
  ]);
  return {
    tags,
    publishedAt: seoulDateTimeInput(new Date().toISOString()),
    rules: fieldRules(articleForm),
    copy,
  };
}

export default function NewPost({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow="미디어 게시글"
        title="새 게시글 쓰기"
        description={
          <p>
            게시 상태를 '게시'로 두고 추가하면 공개 사이트의 미디어 목록과 글 페이지에 바로 실립니다. '예약'은 게시일에
            저절로 공개되고, '임시 저장'은 공개하지 않습니다. 쓰는 동안 몇 초마다 자동 저장됩니다.
          </p>
        }
      />
      <ArticleEditor
        article={undefined}
        publishedAt={loaderData.publishedAt}
        tags={loaderData.tags}
        rules={loaderData.rules}
        copy={loaderData.copy}
      />
    </>
  );
}
