/**
 * The media list's query constants, without any server import: the pages' links and forms use
 * them in the browser too.
 */

/** The tag chip that means "no tag filter" (spec: the list of tags starts with it). */
export const ALL_TAG = "전체";
export const DEFAULT_PAGE_SIZE = 9;
export const MAX_PAGE_SIZE = 30;

/** What the media list shows: a 1-based page of `limit` articles, optionally searched and tagged. */
export interface ArticleListQuery {
  page: number;
  limit: number;
  /** Matched against title and text; empty means no search. */
  search: string;
  /** An exact tag; empty means every tag. */
  tag: string;
}
