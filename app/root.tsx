import "./styles/global.css";

import { type ReactNode, useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "react-router";
import { loadPublicIdentity } from "#server/domain/site-settings/identity.ts";
import { getServices } from "#server/http/router-context.ts";
import { unavailableAnswer } from "#server/http/write-endpoint.ts";
import type { Route } from "./+types/root";
import { ErrorPage, NotFoundPage } from "./components/layout/StatusPages.tsx";
import { IslandScripts, useIslands } from "./lib/islands.tsx";
import { pageMeta } from "./lib/meta.ts";

/**
 * While the database is unreachable every page and endpoint answers 503 with the error page,
 * before any loader waits for a connection that will not come.
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request, context }) => {
    if (!getServices(context).availability.available) throw unavailableAnswer(request);
  },
];

/**
 * The club's identity, needed by every page (titles, previews, header and footer): nothing of
 * the demo's on a site of its own, and links made from its public address (site-address.ts).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const { settings, siteUrl } = await loadPublicIdentity(db, config, request.url);
  return {
    site: { clubName: settings.clubName, description: settings.description, siteUrl },
    settings,
  };
}

// Raster icons only: Chromium prefers an SVG icon when one is linked, and draws it as a whole
// document on the page's main thread right after load (12-40 ms on a desktop processor, four
// times that on a phone). The ICO's 16-48 px PNGs decode in well under a millisecond.
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "48x48" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export const meta: Route.MetaFunction = (args) => {
  if (!args.error) return pageMeta(args);
  const notFound = isRouteErrorResponse(args.error) && args.error.status === 404;
  return pageMeta(args, { title: notFound ? "404 Not Found" : "오류", noIndex: true });
};

export function Layout({ children }: { children: ReactNode }) {
  // Marks the document once React has taken over, for tests and for CSS that needs scripts.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // Public pages are not hydrated: their behaviours are islands (app/lib/islands.tsx), and the
  // admin area is the one client-side app.
  const islands = useIslands();
  return (
    <html lang="ko">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#0d1016" media="(prefers-color-scheme: dark)" />
        <Meta />
        <Links />
        {islands.length > 0 && <IslandScripts names={islands} />}
      </head>
      <body>
        {children}
        {islands.length === 0 && (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Only reached when the root itself fails (for example the database is down). */
export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <main id="main">
      {isRouteErrorResponse(error) && error.status === 404 ? (
        <NotFoundPage />
      ) : (
        <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />
      )}
    </main>
  );
}
