import type { Db } from "#server/db/database.ts";
import { contentTypes } from "#server/domain/content-types.ts";
import { countRows, documentUpdateTimes } from "#server/domain/dashboard/content-counts.ts";
import type { AdminNavGroup } from "#shared/admin-navigation.ts";
import { type Role, roleAllows } from "#shared/roles.ts";
import { type AdminPage, type ContentType, roleNeeded } from "./content-type.ts";

/**
 * The admin area's pages, from the content types' own declarations (`adminPage`): the shell's
 * navigation, the dashboard's overview and the tests that visit every page all read them here,
 * so a new content type appears everywhere once it is registered.
 */
export function adminPagesOf(types: readonly ContentType[] = contentTypes): AdminPage[] {
  return types.flatMap((type) => (type.adminPage ? [type.adminPage] : []));
}

/**
 * The admin pages that are no content type's and need an owner: backup and restore with their
 * download and upload (and anything under them), the first setup of the site's identity, and
 * the handover page.
 */
const OWNER_PAGES = ["/admin/backup", "/admin/setup", "/admin/handover"] as const;

const isUnder = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/**
 * The role an address under /admin needs, from the one set of declarations: each content type's
 * `role` (its admin page and its endpoint /admin/api/{name}) and OWNER_PAGES. The admin area's
 * guard (session-guard.ts) and the navigation read it; everything else is an editor's.
 */
export function roleForAdminPath(pathname: string, types: readonly ContentType[] = contentTypes): Role {
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  if (OWNER_PAGES.some((base) => isUnder(path, base))) return "owner";
  for (const type of types) {
    const role = roleNeeded(type);
    if (role === "editor") continue;
    if (isUnder(path, `/admin/api/${type.name}`)) return role;
    if (type.adminPage && isUnder(path, type.adminPage.path)) return role;
  }
  return "editor";
}

/** The navigation an account with `role` sees: nothing it cannot open. */
export function adminNavigation(role: Role = "owner", types: readonly ContentType[] = contentTypes): AdminNavGroup[] {
  return allAdminPages(types)
    .map((group) => ({
      ...group,
      items: group.items.filter((item) => roleAllows(role, roleForAdminPath(item.to, types))),
    }))
    .filter((group) => group.items.length > 0);
}

function allAdminPages(types: readonly ContentType[]): AdminNavGroup[] {
  const pages = adminPagesOf(types);
  const items = (section: AdminPage["section"]) =>
    pages.filter((page) => page.section === section).map((page) => ({ to: page.path, label: page.title }));
  return [
    { label: "개요", items: [{ to: "/admin", label: "대시보드" }] },
    { label: "콘텐츠", items: items("content") },
    // Backup and restore is no content type: it writes the whole site at once (decision 0032).
    {
      label: "운영",
      items: [
        ...items("operations"),
        { to: "/admin/backup", label: "백업과 복원" },
        { to: "/admin/handover", label: "인수인계" },
      ],
    },
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
  return allAdminPages(types).flatMap((group) => group.items.map((item) => item.to));
}

/**
 * Each content page `role` may open with what it holds: its counts, or when its document was
 * last saved.
 */
export async function contentOverview(db: Db, role: Role = "owner", types: readonly ContentType[] = contentTypes) {
  const pages = adminPagesOf(types).filter((page) => roleAllows(role, roleForAdminPath(page.path, types)));
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
