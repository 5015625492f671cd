import type { Db } from "#server/db/database.ts";
import { contentTypes } from "#server/domain/content-types.ts";
import { countRows, documentUpdateTimes } from "#server/domain/dashboard/content-counts.ts";
import type { AdminNavGroup } from "#shared/admin-navigation.ts";
import type { AdminPage, ContentType } from "./content-type.ts";

/**
 * The admin area's pages, from the content types' own declarations (`adminPage`): the shell's
 * navigation, the dashboard's overview and the tests that visit every page all read them here,
 * so a new content type appears everywhere once it is registered.
 */
export function adminPagesOf(types: readonly ContentType[] = contentTypes): AdminPage[] {
  return types.flatMap((type) => (type.adminPage ? [type.adminPage] : []));
}

export function adminNavigation(types: readonly ContentType[] = contentTypes): AdminNavGroup[] {
  const pages = adminPagesOf(types);
  const items = (section: AdminPage["section"]) =>
    pages.filter((page) => page.section === section).map((page) => ({ to: page.path, label: page.title }));
  return [
    { label: "개요", items: [{ to: "/admin", label: "대시보드" }] },
    { label: "콘텐츠", items: items("content") },
    // Backup and restore is no content type: it writes the whole site at once (decision 0032).
    { label: "운영", items: [...items("operations"), { to: "/admin/backup", label: "백업과 복원" }] },
    {
      label: "계정과 도움말",
      items: [
        { to: "/admin/manage-password", label: "비밀번호 변경" },
        { to: "/admin/security", label: "패스키와 2단계 인증" },
        { to: "/admin/manual", label: "관리자 매뉴얼" },
      ],
    },
  ];
}

/** Every admin page's address. */
export function adminPaths(types: readonly ContentType[] = contentTypes): string[] {
  return adminNavigation(types).flatMap((group) => group.items.map((item) => item.to));
}

/** Each content page with what it holds: its counts, or when its document was last saved. */
export async function contentOverview(db: Db, types: readonly ContentType[] = contentTypes) {
  const pages = adminPagesOf(types);
  const tables = pages.flatMap((page) => page.counts?.map((count) => count.table) ?? []);
  const [counts, documents] = await Promise.all([
    countRows(db, [...tables, "files", "accounts"]),
    documentUpdateTimes(db),
  ]);
  return {
    pages: pages.map((page) => ({
      path: page.path,
      title: page.title,
      counts: page.counts?.map((count) => ({ label: count.label, value: counts[count.table] ?? 0 })) ?? [],
      updatedAt: page.document ? documents[page.document] : undefined,
    })),
    files: counts.files ?? 0,
    accounts: counts.accounts ?? 0,
  };
}
