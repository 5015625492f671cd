import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { ArticleEditor } from "#app/components/admin/posts/ArticleEditor.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { fieldRules } from "#server/domain/admin/field-rules.ts";
import { articleForm } from "#server/domain/articles/admin.ts";
import { listArticleTags } from "#server/domain/articles/articles.ts";
import { getServices } from "#server/http/router-context.ts";
import { seoulDateTimeInput } from "#shared/calendar-dates.ts";
import type { Route } from "./+types/manage-posts-new";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "새 게시글 쓰기", noIndex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const tags = await listArticleTags(getServices(context).db);
  return {
    tags,
    publishedAt: seoulDateTimeInput(new Date().toISOString()),
    rules: fieldRules(articleForm),
  };
}

export default function NewPost({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow="미디어 게시글"
        title="새 게시글 쓰기"
        description={
          <p>추가하면 공개 사이트의 미디어 목록과 글 페이지에 바로 실립니다. 게시일을 미래로 두어도 바로 공개됩니다.</p>
        }
      />
      <ArticleEditor
        article={undefined}
        publishedAt={loaderData.publishedAt}
        tags={loaderData.tags}
        rules={loaderData.rules}
      />
    </>
  );
}
