import { fieldRules } from "../../../server/domain/admin/field-rules.ts";
import { articleForm } from "../../../server/domain/articles/admin.ts";
import { listArticleTags } from "../../../server/domain/articles/articles.ts";
import { PageHeader } from "../../components/admin/PageHeader.tsx";
import { ArticleEditor } from "../../components/admin/posts/ArticleEditor.tsx";
import { getServices } from "../../context.ts";
import { seoulDateTimeInput } from "../../lib/calendar-dates.ts";
import { pageMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/manage-posts-new";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "새 게시글 쓰기", noIndex: true });

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
          <p>
            추가하면 공개 사이트의 미디어 목록과 글 페이지에 바로 실립니다. 게시일을 미래로 두어도
            바로 공개됩니다.
          </p>
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
