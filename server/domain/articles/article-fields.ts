/**
 * The fields every view of an article starts with (the lists, the article page, the editor, the
 * search index): its id, title, tag and publication time (ISO), from its row.
 */
export function articleFields(row: { id: string; title: string; tag: string; published_at: string }) {
  return { id: row.id, title: row.title, tag: row.tag, publishedAt: row.published_at };
}
