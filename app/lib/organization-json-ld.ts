import type { SiteSettings } from "#server/domain/site-settings/site-settings.ts";

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/**
 * schema.org structured data for the club as an organization, from its settings: search engines
 * show the name, logo, founding year, address and social profiles from it.
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
        alternateName: settings.subtitle,
        description: settings.description,
        url: `${siteUrl}/`,
        logo: `${siteUrl}/brand/logo-mark.png`,
        foundingDate: String(settings.foundedYear),
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
