/** The key of a manager's autosaved copy of an article not created yet (others use its id). */
export const NEW_ARTICLE_KEY = "new";
