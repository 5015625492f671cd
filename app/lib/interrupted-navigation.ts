/**
 * React Router reloads the page a visitor is on when the script of the route they clicked cannot
 * be loaded (after a deploy, a file of the previous build no longer served): they would end up
 * where they were, not where they clicked. So the address being navigated to is noted when the
 * page unloads in the middle of a navigation, and a reload of that same page right afterwards
 * goes on to it. The server keeps earlier builds' files for a month (decision 0034); this covers
 * what is older.
 */
const STORAGE_KEY = "club:interrupted-navigation";
/** The router's reload follows the failure at once; an old note is a visitor's own reload later. */
const FRESH_MS = 10_000;

interface Interrupted {
  from: string;
  to: string;
  at: number;
}

/** What is read of the router that HydratedRouter keeps on `window` (absent: nothing is noted). */
interface RouterState {
  state: {
    navigation: {
      state: string;
      location?: { pathname: string; search: string; hash: string };
      formMethod?: string;
    };
  };
}

/** Goes on to the address an interrupted navigation was headed for; true when it does. */
export function continueInterruptedNavigation(): boolean {
  let noted: Interrupted | undefined;
  try {
    const stored = sessionStorage.getItem(STORAGE_KEY);
    sessionStorage.removeItem(STORAGE_KEY);
    noted = stored ? (JSON.parse(stored) as Interrupted) : undefined;
  } catch {
    return false;
  }
  if (!noted) return false;
  const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  const reloaded = entry?.type === "reload" && noted.from === location.href;
  if (!reloaded || Date.now() - noted.at > FRESH_MS || !noted.to.startsWith("/")) return false;
  location.replace(noted.to);
  return true;
}

/** Notes, as the page goes, where a navigation still loading was headed (not a form's POST). */
export function noteInterruptedNavigations(): void {
  addEventListener("pagehide", () => {
    const router = (window as { __reactRouterDataRouter?: RouterState }).__reactRouterDataRouter;
    const navigation = router?.state.navigation;
    if (navigation?.state !== "loading" || !navigation.location) return;
    if (navigation.formMethod && navigation.formMethod.toUpperCase() !== "GET") return;
    const { pathname, search, hash } = navigation.location;
    const noted: Interrupted = { from: location.href, to: `${pathname}${search}${hash}`, at: Date.now() };
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(noted));
    } catch {
      // Storage refused (private mode, full): the router's own reload is all that happens.
    }
  });
}
