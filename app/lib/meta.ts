import type { MetaDescriptor } from "react-router";

/** What the root loader shares with every page's meta: the club's name and public address. */
export interface SiteMeta {
  clubName: string;
  description: string;
  siteUrl: string;
}

export interface PageMetaInput {
  /** The page's own title; the home page leaves it out and shows the club name alone. */
  title?: string | undefined;
  description?: string | undefined;
  /** An absolute or site-relative image for link previews. */
  image?: string | undefined;
  type?: "website" | "article";
  /** Pages such as the admin area and error pages stay out of search engines. */
  noIndex?: boolean;
}

interface MetaArgsLike {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

/**
 * Title, description, canonical URL, Open Graph and Twitter tags for a page. A route's `meta`
 * replaces its parents', so every route builds its full set here, from the club's defaults.
 */
export function pageMeta(args: MetaArgsLike, page: PageMetaInput = {}): MetaDescriptor[] {
  const site = siteMetaFrom(args.matches);
  const title = page.title && site.clubName ? `${page.title} | ${site.clubName}` : page.title || site.clubName;
  const description = page.description || site.description;
  const url = absoluteUrl(site.siteUrl, args.location.pathname);
  const image = page.image ? absoluteUrl(site.siteUrl, page.image) : undefined;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.clubName },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title ?? site.clubName },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:locale", content: "ko_KR" },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: page.title ?? site.clubName },
    { name: "twitter:description", content: description },
  ];
  if (image) {
    tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  }
  if (page.noIndex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

const fallbackSite: SiteMeta = { clubName: "", description: "", siteUrl: "" };

export function siteMetaFrom(matches: MetaArgsLike["matches"]): SiteMeta {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { site?: SiteMeta } | undefined;
  return root?.site ?? fallbackSite;
}

export function absoluteUrl(siteUrl: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${siteUrl}${path.startsWith("/") ? "" : "/"}${path}`;
}
