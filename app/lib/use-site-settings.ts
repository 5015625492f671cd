import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "#app/root.tsx";
import type { SiteSettings } from "#server/domain/site-settings/site-settings.ts";

/** The club's identity from the root loader, which every page has. */
export function useSiteSettings(): SiteSettings {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root) throw new Error("The root loader's data is missing.");
  return root.settings;
}
