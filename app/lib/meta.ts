import type { MetaDescriptor } from "react-router";
import { PREVIEW_HEIGHT, PREVIEW_WIDTH, picturePreviewPath, titleCardPath } from "#shared/preview-images.ts";
import { publicPageTitle } from "#shared/public-pages.ts";

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
  /**
   * The page's own picture for link previews, cropped to 1200x630 by the server; without one the
   * preview is the club's card with the page's title. `alt` describes the picture.
   */
  picture?: { image: { id: string }; alt?: string | undefined } | undefined;
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
  const title = documentTitle(page.title ?? "", site.clubName);
  const description = page.description || site.description;
  const url = absoluteUrl(site.siteUrl, args.location.pathname);
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
    { name: "twitter:title", content: page.title ?? site.clubName },
    { name: "twitter:description", content: description },
  ];
  const preview = page.noIndex ? undefined : previewOf(args.location.pathname, page, site);
  if (preview) {
    const image = absoluteUrl(site.siteUrl, preview.path);
    tags.push(
      { property: "og:image", content: image },
      { property: "og:image:type", content: preview.path.endsWith(".png") ? "image/png" : "image/jpeg" },
      { property: "og:image:width", content: String(PREVIEW_WIDTH) },
      { property: "og:image:height", content: String(PREVIEW_HEIGHT) },
      { property: "og:image:alt", content: preview.alt },
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:image", content: image },
      { name: "twitter:image:alt", content: preview.alt },
    );
  } else {
    tags.push({ name: "twitter:card", content: "summary" });
  }
  if (page.noIndex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/**
 * A public page's preview image (shared/preview-images.ts): its picture cropped, or the club's
 * card with its title: a fixed page's from shared/public-pages.ts, an article's its own. Other
 * addresses (an unknown one rendering the 404 page) have none.
 */
function previewOf(path: string, page: PageMetaInput, site: SiteMeta): { path: string; alt: string } | undefined {
  const cardTitle = publicPageTitle(path) ?? page.title;
  if (page.picture) {
    return {
      path: picturePreviewPath(page.picture.image.id),
      alt: page.picture.alt || documentTitle(cardTitle ?? "", site.clubName),
    };
  }
  if (cardTitle === undefined) return undefined;
  return {
    path: titleCardPath(path, cardTitle, site.clubName),
    alt: documentTitle(cardTitle, site.clubName),
  };
}

/** "조직도 | 커널", or the club's name alone. */
function documentTitle(title: string, clubName: string): string {
  return title && clubName ? `${title} | ${clubName}` : title || clubName;
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
