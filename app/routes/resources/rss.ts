import { articleHref, MEDIA_PATH, RSS_PATH } from "#app/components/community/media-links.ts";
import { absoluteUrl } from "#app/lib/meta.ts";
import { listArticles } from "#server/domain/articles/articles.ts";
import { loadPublicIdentity } from "#server/domain/site-settings/identity.ts";
import { cacheHeader } from "#server/http/cache-policy.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/rss";

const ITEM_COUNT = 20;

/** An RSS 2.0 feed of the newest articles, with absolute links from the site's public address. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, storage, config } = getServices(context);
  const [{ settings, siteUrl }, newestPage] = await Promise.all([
    loadPublicIdentity(db, config, request.url),
    listArticles(db, storage, { page: 1, limit: ITEM_COUNT, search: "", tag: "" }),
  ]);
  const items = newestPage?.items ?? [];
  const link = (path: string) => escapeXml(absoluteUrl(siteUrl, path));
  const newest = items[0]?.publishedAt;

  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(`${settings.clubName} 미디어`)}</title>
    <link>${link(MEDIA_PATH)}</link>
    <description>${escapeXml(settings.description)}</description>
    <language>ko</language>
    <atom:link href="${link(RSS_PATH)}" rel="self" type="application/rss+xml"/>${
      newest ? `\n    <lastBuildDate>${rfc822(newest)}</lastBuildDate>` : ""
    }
${items
  .map(
    (article) => `    <item>
      <title>${escapeXml(article.title)}</title>
      <link>${link(articleHref(article.id))}</link>
      <guid isPermaLink="true">${link(articleHref(article.id))}</guid>
      <pubDate>${rfc822(article.publishedAt)}</pubDate>${
        article.tag ? `\n      <category>${escapeXml(article.tag)}</category>` : ""
      }
      <description>${escapeXml(article.excerpt)}</description>
    </item>`,
  )
  .join("\n")}
  </channel>
</rss>
`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      ...cacheHeader({ maxAge: 600 }),
    },
  });
}

/** RFC 822 dates, as RSS 2.0 wants them: "Fri, 20 Nov 2026 09:00:00 GMT". */
function rfc822(iso: string): string {
  return new Date(iso).toUTCString();
}

/** Text made safe for XML: markup characters escaped, characters XML 1.0 forbids removed. */
function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
