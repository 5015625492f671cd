/**
 * The address of a page of an admin list, keeping its conditions (search, filters): empty ones
 * and page 1 are left out, so the first page of the whole list is the list's own address.
 */
export function listHref(path: string, conditions: Record<string, string>, page = 1): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(conditions)) if (value) params.set(name, value);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
