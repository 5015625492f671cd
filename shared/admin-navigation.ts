/** The admin area's navigation as the server builds it from the content types it knows. */
export interface AdminNavItem {
  to: string;
  label: string;
}

export interface AdminNavGroup {
  label: string;
  items: AdminNavItem[];
}
