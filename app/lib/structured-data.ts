import type { SiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { parentPagesOf, publicPageTitle } from "#shared/public-pages.ts";
import { absoluteUrl, type SiteMeta, siteMetaFrom } from "./meta.ts";

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/**
 * schema.org structured data (JSON-LD in the page's head). Search engines show the club's name,
 * logo, founding year, address and profiles from the Organization, an article's headline, dates
 * and picture from the Article, and the path to a page from its BreadcrumbList.
 */

/**
 * The club as an organization, from its settings (`/` and `/about`); articles name it as their
 * author and publisher by its `@id`.
 */
export function organizationJsonLd(matches: ReadonlyArray<MatchLike | undefined>) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { settings?: SiteSettings; site?: { siteUrl: string } }
    | undefined;
  const settings = root?.settings;
  if (!settings) return [];
  const siteUrl = root.site?.siteUrl ?? settings.siteUrl;
  const sameAs = Object.values(settings.social).filter((url) => url !== "");
  return [
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Organization",
        "@id": `${siteUrl}/#organization`,
        name: settings.clubName,
        ...(settings.subtitle ? { alternateName: settings.subtitle } : {}),
        description: settings.description,
        url: `${siteUrl}/`,
        logo: `${siteUrl}/brand/logo-mark.png`,
        ...(settings.foundedYear === null ? {} : { foundingDate: String(settings.foundedYear) }),
        ...(settings.email ? { email: settings.email } : {}),
        ...(settings.address
          ? {
              address: {
                "@type": "PostalAddress",
                streetAddress: settings.address,
                addressCountry: "KR",
              },
            }
          : {}),
        ...(sameAs.length > 0 ? { sameAs } : {}),
      },
    },
  ];
}

interface ArticleLike {
  title: string;
  excerpt: string;
  publishedAt: string;
  updatedAt: string;
  images: { image: { url: string; width: number; height: number }; alt: string }[];
}

/**
 * An article as schema.org's Article, with the breadcrumb to it (home, the media list, the
 * article). `path` is the article's own address.
 */
export function articleJsonLd(matches: ReadonlyArray<MatchLike | undefined>, article: ArticleLike, path: string) {
  const site = siteMetaFrom(matches);
  const url = absoluteUrl(site.siteUrl, path);
  const organization = { "@id": `${site.siteUrl}/#organization` };
  const picture = article.images[0]?.image;
  return [
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Article",
        "@id": `${url}#article`,
        mainEntityOfPage: url,
        headline: article.title.slice(0, 110),
        description: article.excerpt,
        datePublished: article.publishedAt,
        dateModified: article.updatedAt,
        inLanguage: "ko-KR",
        ...(picture
          ? {
              image: {
                "@type": "ImageObject",
                url: absoluteUrl(site.siteUrl, picture.url),
                width: picture.width,
                height: picture.height,
              },
            }
          : {}),
        author: { ...organization, "@type": "Organization", name: site.clubName },
        publisher: { ...organization, "@type": "Organization", name: site.clubName },
      },
    },
    breadcrumbJsonLd(site.siteUrl, trailTo(site, path, article.title)),
  ];
}

/**
 * A fixed public page's breadcrumb (/about/organization: the club, 동아리 소개, 조직도), for
 * pages below the top level; names come from shared/public-pages.ts.
 */
export function pageBreadcrumbJsonLd(args: {
  location: { pathname: string };
  matches: ReadonlyArray<MatchLike | undefined>;
}) {
  const path = args.location.pathname;
  const title = publicPageTitle(path);
  if (!title) return [];
  const site = siteMetaFrom(args.matches);
  return [breadcrumbJsonLd(site.siteUrl, trailTo(site, path, title))];
}

/** The home page, the fixed pages above `path` (sections without a page are skipped), the page. */
function trailTo(site: SiteMeta, path: string, title: string) {
  return [
    { name: site.clubName, path: "/" },
    ...parentPagesOf(path).map((parent) => ({ name: parent.title, path: parent.path })),
    { name: title, path },
  ];
}

/** The way from the home page to a page, as schema.org's BreadcrumbList. */
export function breadcrumbJsonLd(siteUrl: string, trail: { name: string; path: string }[]) {
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: trail.map((step, index) => ({
        "@type": "ListItem",
        position: index + 1,
        name: step.name,
        item: absoluteUrl(siteUrl, step.path),
      })),
    },
  };
}
