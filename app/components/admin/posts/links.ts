/** Addresses and hand-over messages of the articles admin (no server imports: browser code). */

export const POSTS_PATH = "/admin/manage-posts";
export const NEW_POST_PATH = `${POSTS_PATH}/new`;
/** The content type whose write endpoint creates, writes and deletes articles. */
export const ARTICLES = "articles";

export function postEditHref(id: string): string {
  return `${POSTS_PATH}/${id}`;
}

/**
 * A message a page hands to the next one when it sends the manager there: "added" after a
 * create (shown while the article is still at that version), "deleted" after a delete.
 */
export interface PostsHandOver {
  notice: string;
  version?: number;
}

export function handOverOf(state: unknown): PostsHandOver | undefined {
  if (typeof state !== "object" || state === null) return undefined;
  const { notice, version } = state as Record<string, unknown>;
  if (typeof notice !== "string") return undefined;
  return { notice, ...(typeof version === "number" ? { version } : {}) };
}

/** What the delete dialog says will happen to an article with `imageCount` images. */
export function deleteMessage(imageCount: number): string {
  return imageCount > 0
    ? `본문과 사진 ${imageCount}장이 함께 지워지고 공개 사이트에서도 사라집니다. 되돌릴 수 없습니다.`
    : "본문이 지워지고 공개 사이트에서도 사라집니다. 되돌릴 수 없습니다.";
}

/**
 * The list's form, as its buttons send it. A row's delete button names its article as
 * "id:version" (one form holds them all, so its answer stays when the row is gone): the delete
 * command reads the id and the version. The buttons for the chosen articles name their own
 * command and send the ticked rows as they are.
 */
export async function deleteTargetOf(form: FormData): Promise<FormData> {
  const target = form.get("target");
  if (typeof target !== "string") return form;
  const [id = "", version = ""] = target.split(":");
  form.delete("target");
  form.set("intent", "delete");
  form.set("id", id);
  form.set("version", version);
  return form;
}
