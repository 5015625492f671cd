import { isRouteErrorResponse, Outlet, useRouteError, useRouteLoaderData } from "react-router";
import { Footer } from "#app/components/layout/Footer.tsx";
import { Header } from "#app/components/layout/Header.tsx";
import { buildNavigation } from "#app/components/layout/navigation.ts";
import { ErrorPage, NotFoundPage } from "#app/components/layout/StatusPages.tsx";
import type { IslandsHandle } from "#app/lib/islands.tsx";
import type { loader as rootLoader } from "#app/root.tsx";
import { getAdmissionInfo } from "#server/domain/admissions/admissions.ts";
import { getLeaders } from "#server/domain/leaders/leaders.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/layout";

/** The visitors' frame around every public page: header, main content and footer. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const [{ value: leaders }, { value: admission }] = await Promise.all([getLeaders(db), getAdmissionInfo(db)]);
  return { leaders: leaders.leaders, isRecruiting: admission.meta.isRecruiting };
}

/** Every public page counts its view, measures its web vitals and runs its header and menus. */
export const handle: IslandsHandle = { islands: ["site"] };

/**
 * Public pages are documents, never drawn by the browser's router (their scripts are islands):
 * a link to one from the admin area, which is a client-side app, loads it as a new document.
 */
export function clientLoader({ request }: Route.ClientLoaderArgs): Promise<never> {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}

function PublicFrame({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const data = useRouteLoaderData<typeof loader>("public");
  if (!root) return <main id="main">{children}</main>;
  const { settings } = root;
  return (
    <>
      <a href="#main" className="skip-link">
        본문으로 건너뛰기
      </a>
      <Header
        clubName={settings.clubName}
        groups={buildNavigation(settings.partners)}
        isRecruiting={data?.isRecruiting ?? false}
      />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer club={settings} leaders={data?.leaders ?? []} />
    </>
  );
}

export default function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <PublicFrame>
      {notFound ? <NotFoundPage /> : <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />}
    </PublicFrame>
  );
}
