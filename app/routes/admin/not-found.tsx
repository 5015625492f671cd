import { data, Link } from "react-router";
import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { EmptyState } from "#app/components/ui/EmptyState.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/not-found";

/** An unknown address under /admin: guarded like every admin page, then a 404 inside the shell. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "404 Not Found", noIndex: true });

export default function AdminNotFound() {
  return (
    <>
      <PageHeader eyebrow="ERROR 404" title="404 Not Found" />
      <EmptyState title="요청하신 관리 화면을 찾을 수 없습니다." action={<Link to="/admin">대시보드로 돌아가기</Link>}>
        주소가 올바른지 다시 한 번 확인해 주세요. 관리 메뉴에서 화면을 고를 수도 있습니다.
      </EmptyState>
    </>
  );
}
