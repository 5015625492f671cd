import type { Config } from "#server/config.ts";

/**
 * The site's public address, which canonical links, link previews, the sitemap, RSS and the
 * calendar feed are made from. The first of these that reaches more than this computer:
 *
 * 1. the address the managers entered in the site settings (set at /admin/setup);
 * 2. the server's SITE_URL;
 * 3. the address the visitor's browser used: the request's own origin, read through the
 *    proxies TRUST_PROXY believes, as every other part of the site reads it.
 *
 * A loopback address (localhost, 127.0.0.1) in the settings or in SITE_URL is passed over: it
 * would send every shared link to the sharer's own computer. Pages made from the request's
 * origin differ by host, so the page cache keeps them apart (page-cache.ts).
 */
export function publicSiteUrl(settingsUrl: string, config: Pick<Config, "siteUrl">, requestUrl: string): string {
  return configuredSiteUrl(settingsUrl, config) ?? new URL(requestUrl).origin;
}

/** The address set by the managers or the server, when one reaches the public; else undefined. */
export function configuredSiteUrl(settingsUrl: string, config: Pick<Config, "siteUrl">): string | undefined {
  return [settingsUrl, config.siteUrl ?? ""].find((url) => url !== "" && !isLoopbackAddress(url));
}

/**
 * What the setup page offers as the public address while none is set: SITE_URL when the server
 * names a public one, else the address this manager's browser used.
 */
export function offeredSiteUrl(config: Pick<Config, "siteUrl">, requestUrl: string): string {
  return configuredSiteUrl("", config) ?? new URL(requestUrl).origin;
}

/** Whether an address reaches only the computer it is opened on. */
export function isLoopbackAddress(address: string): boolean {
  let host: string;
  try {
    host = new URL(address).hostname.toLowerCase().replace(/^\[|\]$/g, "");
  } catch {
    return false;
  }
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) ||
    host === "::1" ||
    host === "0.0.0.0" ||
    host === "::"
  );
}
