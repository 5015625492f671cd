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
 * Failures that reach the whole area. The shell is not drawn (its data may be what failed), a
 * session that ended while the page was open leads back to sign-in, and an owner's page reached
 * by an editor (a role changed while a page was open) says it is an owner's.
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
        title={
          status === 401 ? "다시 로그인해 주세요" : status === 403 ? "403 Forbidden" : "관리 화면을 열지 못했습니다"
        }
      />
      {status === 403 ? (
        <Notice tone="error" title="이 화면은 사이트 소유자만 열 수 있습니다.">
          <p>편집자 계정으로는 계정·백업·사이트 설정을 다룰 수 없습니다. 필요하면 사이트 소유자에게 부탁해 주세요.</p>
        </Notice>
      ) : status === 401 ? (
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
        ) : status === 403 ? (
          <a href="/admin">관리 화면으로 돌아가기</a>
        ) : (
          <a href={back}>다시 불러오기</a>
        )}
        <Link to="/">공개 사이트로</Link>
      </p>
    </main>
  );
}
