import { contentPages } from "./content-pages.ts";

/**
 * The admin area's pages (spec section 2), in the order the navigation shows them. Shared by the
 * shell's navigation, the dashboard and the tests that visit every admin page.
 */
export interface AdminNavItem {
  to: string;
  label: string;
}

export interface AdminNavGroup {
  label: string;
  items: AdminNavItem[];
}

/** Content pages about running the club rather than its content, listed under 운영. */
const operationsPaths = new Set(["/admin/manage-leaders"]);

export const adminNavigation: AdminNavGroup[] = [
  { label: "개요", items: [{ to: "/admin", label: "대시보드" }] },
  {
    label: "콘텐츠",
    items: contentPages
      .filter((page) => !operationsPaths.has(page.path))
      .map((page) => ({ to: page.path, label: page.title })),
  },
  {
    label: "운영",
    items: [
      ...contentPages
        .filter((page) => operationsPaths.has(page.path))
        .map((page) => ({ to: page.path, label: page.title })),
      { to: "/admin/manage-settings", label: "사이트 설정" },
    ],
  },
  {
    label: "계정과 도움말",
    items: [
      { to: "/admin/manage-password", label: "비밀번호 변경" },
      { to: "/admin/manual", label: "관리자 매뉴얼" },
    ],
  },
];

/** Every admin page's address. */
export const adminPaths: string[] = adminNavigation.flatMap((group) => group.items.map((item) => item.to));
