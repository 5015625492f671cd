import "pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css";
import "@fontsource-variable/jetbrains-mono/index.css";
import "./styles/global.css";

import { type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { getAdmissionInfo } from "../server/domain/admissions/admissions.ts";
import { getLeaders } from "../server/domain/leaders/leaders.ts";
import { getSiteSettings } from "../server/domain/site-settings/site-settings.ts";
import type { Route } from "./+types/root";
import { Footer } from "./components/layout/Footer.tsx";
import { Header } from "./components/layout/Header.tsx";
import { buildNavigation } from "./components/layout/navigation.ts";
import { ErrorPage, NotFoundPage } from "./components/layout/StatusPages.tsx";
import { getServices } from "./context.ts";
import { pageMeta } from "./lib/meta.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const [{ value: settings }, { value: leaders }, { value: admission }] = await Promise.all([
    getSiteSettings(db),
    getLeaders(db),
    getAdmissionInfo(db),
  ]);
  const siteUrl = config.siteUrl ?? settings.siteUrl;
  return {
    site: { clubName: settings.clubName, description: settings.description, siteUrl },
    settings,
    leaders: leaders.leaders,
    isRecruiting: admission.meta.isRecruiting,
  };
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: Route.MetaFunction = (args) => {
  if (!args.error) return pageMeta(args);
  const notFound = isRouteErrorResponse(args.error) && args.error.status === 404;
  return pageMeta(args, { title: notFound ? "404 Not Found" : "오류", noIndex: true });
};

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  // Marks the document once React has taken over, for tests and for CSS that needs scripts.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="ko">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#0d1016" media="(prefers-color-scheme: dark)" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          본문으로 건너뛰기
        </a>
        {data && (
          <Header
            clubName={data.settings.clubName}
            groups={buildNavigation(data.settings.partners)}
            isRecruiting={data.isRecruiting}
          />
        )}
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        {data && (
          <Footer
            clubName={data.settings.clubName}
            subtitle={data.settings.subtitle}
            foundedYear={data.settings.foundedYear}
            address={data.settings.address}
            email={data.settings.email}
            social={data.settings.social}
            leaders={data.leaders}
          />
        )}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
