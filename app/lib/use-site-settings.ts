import { useRouteLoaderData } from "react-router";
import type { SiteSettings } from "../../server/domain/site-settings/site-settings.ts";
import type { loader as rootLoader } from "../root.tsx";

/** The club's identity from the root loader, which every page has. */
export function useSiteSettings(): SiteSettings {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root) throw new Error("The root loader's data is missing.");
  return root.settings;
}
