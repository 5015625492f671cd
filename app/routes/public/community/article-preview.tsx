import { data } from "react-router";
import { getArticle } from "#server/domain/articles/articles.ts";
import { getAutosave } from "#server/domain/articles/autosave.ts";
import { withUnsavedEdits } from "#server/domain/articles/preview.ts";
import { cacheHeader } from "#server/http/cache-policy.ts";
import { getServices } from "#server/http/router-context.ts";
import { currentSession } from "#server/http/session-guard.ts";
import { NEW_ARTICLE_KEY } from "#shared/article-autosave.ts";
import type { Route } from "./+types/article-preview";
import ArticlePage from "./article.tsx";

export { meta } from "./article.tsx";

/**
 * A manager's preview of an article in any status, drawn by the public article page itself.
 * With `?edits` it shows the manager's unsaved typing (the editor's autosaved copy) over the
 * saved article, or alone for an article not created yet (`/community/media/new/preview`).
 * Without a session it does not exist (404, like any unknown address); with one it is never
 * stored by a cache and never indexed. The page cache skips requests with a session already.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await currentSession(args);
  if (!session) throw data(null, { status: 404 });
  const { db, storage } = getServices(args.context);
  const { id } = args.params;
  const copy = args.url.searchParams.has("edits") ? await getAutosave(db, session.account.id, id) : undefined;
  const saved = id === NEW_ARTICLE_KEY ? undefined : await getArticle(db, storage, id, { unpublished: true });
  const article = copy ? withUnsavedEdits(saved, id, copy) : saved;
  if (!article) throw data(null, { status: 404 });
  return data(
    { article, preview: true, unsaved: copy !== undefined },
    { headers: { ...cacheHeader("none"), "X-Robots-Tag": "noindex" } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default ArticlePage;
