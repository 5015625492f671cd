import { isRouteErrorResponse, Link, Outlet, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { Notice } from "#app/components/admin/Notice.tsx";
import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { UnsavedChangesGuard } from "#app/components/admin/UnsavedChanges.tsx";
import type { loader as rootLoader } from "#app/root.tsx";
import { adminNavigation } from "#server/domain/write/admin-pages.ts";
import { adminAreaMiddleware, requireSignedIn } from "#server/http/session-guard.ts";
import type { Route } from "./+types/layout";
import styles from "./layout.module.css";

/**
 * The admin area. Its middleware refuses every request under /admin without a valid session,
 * whatever the child route (pages, actions, resource routes), before any of them runs. The
 * loader makes client-side navigations ask the server, so the middleware runs for them too.
 */
export const middleware: Route.MiddlewareFunction[] = [adminAreaMiddleware];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSignedIn(args);
  const { email, role } = session.account;
  return { email, role, navigation: adminNavigation(role) };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <AdminShell clubName={root?.settings.clubName ?? ""} email={loaderData.email} navigation={loaderData.navigation}>
      <UnsavedChangesGuard>
        <Outlet />
      </UnsavedChangesGuard>
    </AdminShell>
  );
}

/**
 * Failures that reach the whole area. The shell is not drawn (its data may be what failed), and
 * a session that ended while the page was open leads back to sign-in.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const back = `${location.pathname}${location.search}`;
  return (
    <main id="main" className={styles.errorPage}>
      <PageHeader
        eyebrow={`ERROR ${status}`}
        title={status === 401 ? "다시 로그인해 주세요" : "관리 화면을 열지 못했습니다"}
      />
      {status === 401 ? (
        <Notice tone="error" title="로그인이 끝났습니다.">
          <p>
            로그아웃했거나 로그인 유지 시간이 지나, 방금 보낸 내용은 저장되지 않았습니다. 다시 로그인하면 이 화면으로
            돌아오니 그때 다시 저장해 주세요.
          </p>
        </Notice>
      ) : (
        <Notice tone="error" title="요청을 처리하는 중에 오류가 났습니다.">
          <p>잠시 후 다시 시도해 주세요. 문제가 계속되면 사이트를 관리하는 운영진에게 알려 주세요.</p>
        </Notice>
      )}
      <p className={styles.errorLinks}>
        {status === 401 ? (
          <Link to={`/admin/login?redirectTo=${encodeURIComponent(back)}`}>로그인 화면으로</Link>
        ) : (
          <a href={back}>다시 불러오기</a>
        )}
        <Link to="/">공개 사이트로</Link>
      </p>
    </main>
  );
}
