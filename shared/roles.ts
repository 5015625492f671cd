/**
 * The two roles of the people who run the site. An owner runs the site: accounts and
 * invitations, roles, backup and restore, the site's identity and settings, and the sign-in
 * security of others. An editor writes: all content, the file library and their own account.
 * No server imports here: the admin pages' browser code shows the labels.
 */
export const ROLES = ["owner", "editor"] as const;

export type Role = (typeof ROLES)[number];

export const roleLabels: Record<Role, string> = { owner: "소유자", editor: "편집자" };

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Whether `held` allows what needs `needed`: an owner may do everything an editor may. */
export function roleAllows(held: Role, needed: Role): boolean {
  return needed === "editor" || held === "owner";
}

/** The dashboard warns owners this many days before an account's access ends. */
export const ACCESS_END_WARNING_DAYS = 14;
