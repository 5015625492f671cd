import { articleIdSchema } from "#server/domain/articles/articles.ts";
import { type ArticleImageInput, articleDraftSchema, createArticle } from "#server/domain/articles/manage.ts";
import { newId } from "#server/storage/storage.ts";
import { bucketPath, DOWNLOAD_URLS_IN_HTML, SkipError } from "./export-files.ts";
import { isObject } from "./firestore.ts";
import type { ImportContext, ImportItem, ItemReader } from "./items.ts";
import { dateTimeInput, field, instant, list, text } from "./source-values.ts";

/**
 * community_media/{id}: {title, tag, published_at, contents (HTML), images: [{url}]}. The
 * article keeps its id (and so its address) when it has the original's form; its pictures are
 * the listed images plus any other Storage picture its HTML shows, and the HTML is rewritten to
 * show them from this site.
 */
export const articleItems: ItemReader = (source) =>
  (source.get("community_media") ?? []).map(
    (document): ImportItem => ({
      source: document.path,
      kind: "article",
      label: text(document.data.title) || document.id,
      write: (context) => writeArticle(context, document.id, document.data),
    }),
  );

async function writeArticle(context: ImportContext, sourceId: string, data: Record<string, unknown>) {
  const { trx, storage, exportFiles } = context;
  const taken = await trx.selectFrom("articles").select("id").where("id", "=", sourceId).executeTakeFirst();
  const id = articleIdSchema.safeParse(sourceId).success && !taken ? sourceId : newId();

  const html = text(data.contents);
  const publishedAt = instant(data.published_at);
  // Checked first, so a document the schema refuses costs no picture processing.
  const draft = articleDraftSchema.parse({
    title: text(data.title),
    tag: text(data.tag),
    publishedAt: dateTimeInput(data.published_at),
    // An article dated in the future waits for its time, as one scheduled here does.
    status: publishedAt && publishedAt.getTime() > Date.now() + 60_000 ? "scheduled" : "published",
    contents: html,
  });

  const listed = list(data.images).map((image) => text(isObject(image) ? field(image, "url") : image));
  const shown = [...html.matchAll(DOWNLOAD_URLS_IN_HTML)].map((match) => unescapeAttribute(match[0]));
  // Each picture once, by its place in the bucket: the images list first, then the HTML's own.
  const pictures = new Map<string, { address: string; url?: string }>();
  for (const address of [...listed, ...shown]) {
    const at = bucketPath(address);
    if (at === undefined) throw new SkipError(`'${address.slice(0, 80)}' is not a Firebase Storage address.`);
    if (!pictures.has(at)) pictures.set(at, { address });
  }
  const images: ArticleImageInput[] = [];
  for (const picture of pictures.values()) {
    const upload = await exportFiles.image(picture.address);
    // A name chosen now, so the HTML can name the stored file before it is written.
    const fileName = `${newId()}.${upload.extension}`;
    picture.url = storage.publicUrl(`media/${id}/${fileName}`);
    images.push({ upload: { ...upload, fileName }, alt: "" });
  }
  draft.contents = html.replace(DOWNLOAD_URLS_IN_HTML, (match) => {
    const at = bucketPath(unescapeAttribute(match));
    return (at !== undefined && pictures.get(at)?.url) || match;
  });
  return (await createArticle(trx, context.files, draft, images, id)).id;
}

/** An address as written inside an HTML attribute, with its `&amp;` read back. */
function unescapeAttribute(address: string): string {
  return address.replaceAll("&amp;", "&");
}
