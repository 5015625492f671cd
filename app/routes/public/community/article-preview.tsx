import { data } from "react-router";
import { getArticle } from "#server/domain/articles/articles.ts";
import { currentSession } from "#server/http/admin-auth.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/article-preview";
import ArticlePage from "./article.tsx";

export { meta } from "./article.tsx";

/**
 * A manager's preview of an article in any status, drawn by the public article page itself.
 * Without a session it does not exist (404, like any unknown address); with one it is never
 * stored by a cache and never indexed. The page cache skips requests with a session already.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await currentSession(args);
  if (!session) throw data(null, { status: 404 });
  const { db, storage } = getServices(args.context);
  const article = await getArticle(db, storage, args.params.id, { unpublished: true });
  if (!article) throw data(null, { status: 404 });
  return data(
    { article, preview: true },
    { headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default ArticlePage;
