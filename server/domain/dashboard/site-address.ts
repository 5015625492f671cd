import type { Config } from "#server/config.ts";
import type { SiteSettings } from "#server/domain/site-settings/site-settings.ts";

/**
 * The site's public address goes into shared links, previews, the sitemap and the feeds. A
 * fresh installation without SITE_URL stores this computer's own address (the demo runs on
 * `http://localhost:3000`); nothing ever stores the address a request came to. Until a manager
 * enters the real one, the dashboard says so.
 */
export interface SiteAddressWarning {
  siteUrl: string;
  /** Set by the server's SITE_URL (a manager cannot change it) rather than in the settings. */
  fromEnvironment: boolean;
}

export function siteAddressWarning(config: Config, settings: SiteSettings): SiteAddressWarning | null {
  const siteUrl = config.siteUrl ?? settings.siteUrl;
  if (!isLoopbackAddress(siteUrl)) return null;
  return { siteUrl, fromEnvironment: config.siteUrl !== undefined };
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
