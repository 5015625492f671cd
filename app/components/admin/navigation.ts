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

export const adminNavigation: AdminNavGroup[] = [
  { label: "개요", items: [{ to: "/admin", label: "대시보드" }] },
  {
    label: "콘텐츠",
    items: contentPages.map((page) => ({ to: page.path, label: page.title })),
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
export const adminPaths: string[] = adminNavigation.flatMap((group) =>
  group.items.map((item) => item.to),
);
