/**
 * Where an article stands: a draft no visitor sees, scheduled for a time (visitors see it from
 * then on, without anyone acting), or published. The labels are the admin screens' words.
 */
export const ARTICLE_STATUSES = ["draft", "scheduled", "published"] as const;

export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const articleStatusLabels: Record<ArticleStatus, string> = {
  draft: "임시 저장",
  scheduled: "예약",
  published: "게시됨",
};

export function isArticleStatus(value: string): value is ArticleStatus {
  return (ARTICLE_STATUSES as readonly string[]).includes(value);
}
