import sanitizeHtml from "sanitize-html";
import { articleIdSchema } from "#server/domain/articles/articles.ts";
import { type ArticleImageInput, articleDraftSchema, createArticle } from "#server/domain/articles/manage.ts";
import { newId } from "#server/storage/storage.ts";
import { SkipError } from "./export-files.ts";
import type { ImportContext, ImportItem, ItemReader } from "./items.ts";
import { keepOriginalDates } from "./original-dates.ts";
import {
  bucketPath,
  dateTimeInput,
  field,
  instant,
  isObject,
  list,
  pictureAddress,
  quoted,
  text,
} from "./source-values.ts";

/**
 * community_media/{id}: {title, tag, published_at, contents (HTML), images: [{url}]}. The
 * article keeps its id (and so its address) when it has the original's form, and its date as
 * its last change (the sitemap's lastmod). Its pictures are the listed images plus every
 * picture its HTML shows, brought into this site; a picture the export lacks is left out (its
 * `<img>` too) and named in the report. A picture without alt text gets the article's title.
 */
export const articleItems: ItemReader = (source) =>
  (source.collections.get("community_media") ?? []).map(
    (document): ImportItem => ({
      source: document.path,
      document: document.path,
      kind: "article",
      label: text(document.data.title) || document.id,
      write: (context) => writeArticle(context, document.id, document.data),
    }),
  );

async function writeArticle(context: ImportContext, sourceId: string, data: Record<string, unknown>) {
  const { trx, storage, exportFiles } = context;
  const taken = await trx.selectFrom("articles").select("id").where("id", "=", sourceId).executeTakeFirst();
  const id = articleIdSchema.safeParse(sourceId).success && !taken ? sourceId : newId();

  const title = text(data.title).trim();
  const html = text(field(data, "contents", "content", "html", "body"));
  const dateValue = field(data, "published_at", "publishedAt", "date", "created_at", "createdAt");
  const publishedAt = instant(dateValue);
  if (dateValue !== undefined && !publishedAt) throw new SkipError(`published_at ${quoted(dateValue)} is not a date.`);
  // Checked first, so a document the schema refuses costs no picture processing.
  const draft = articleDraftSchema.parse({
    title,
    tag: text(field(data, "tag", "category")),
    publishedAt: dateTimeInput(dateValue),
    // An article dated in the future waits for its time, as one scheduled here does.
    status: publishedAt && publishedAt.getTime() > Date.now() + 60_000 ? "scheduled" : "published",
    contents: html,
  });

  const shown = picturesIn(html);
  const listed = list(data.images)
    .map((image) => (isObject(image) ? pictureAddress(image) : text(image).trim()))
    .filter((address): address is string => Boolean(address));
  // Each picture once, by its address (its place in the bucket): the list's first, then the HTML's.
  const pictures = new Map<string, { address: string; alt: string; url?: string }>();
  for (const address of [...listed, ...shown.map((picture) => picture.src)]) {
    const key = bucketPath(address) ?? address;
    const alt = shown.find((picture) => (bucketPath(picture.src) ?? picture.src) === key)?.alt.trim();
    if (!pictures.has(key)) pictures.set(key, { address, alt: alt || title });
  }
  const images: ArticleImageInput[] = [];
  for (const picture of pictures.values()) {
    const upload = await context.optional(exportFiles.image(picture.address));
    if (!upload) continue;
    // A name chosen now, so the HTML can name the stored file before it is written.
    const fileName = `${newId()}.${upload.extension}`;
    picture.url = storage.publicUrl(`media/${id}/${fileName}`);
    images.push({ upload: { ...upload, fileName }, alt: picture.alt });
  }
  draft.contents = withPictures(html, title, (src) => pictures.get(bucketPath(src) ?? src)?.url);
  const created = await createArticle(trx, context.files, draft, images, id);
  await keepOriginalDates(trx, "articles", created.id, publishedAt);
  return created.id;
}

/** Parsing only: every tag and attribute kept, for the site's own sanitizer to judge afterwards. */
const parseOnly: sanitizeHtml.IOptions = { allowedTags: false, allowedAttributes: false, allowVulnerableTags: true };

/** The pictures an article's HTML shows, with their alt text. */
function picturesIn(html: string): { src: string; alt: string }[] {
  const found: { src: string; alt: string }[] = [];
  sanitizeHtml(html, {
    ...parseOnly,
    transformTags: {
      img: (tagName, attribs) => {
        if (attribs.src?.trim()) found.push({ src: attribs.src.trim(), alt: attribs.alt ?? "" });
        return { tagName, attribs };
      },
    },
  });
  return found;
}

/**
 * The HTML with each picture shown from this site (`urlOf` answers its new address), pictures
 * left out of the import removed, and the title as the alt text of any picture without one.
 */
function withPictures(html: string, title: string, urlOf: (src: string) => string | undefined): string {
  const LEFT_OUT = "data-import-left-out";
  return sanitizeHtml(html, {
    ...parseOnly,
    transformTags: {
      img: (tagName, attribs): sanitizeHtml.Tag => {
        const url = attribs.src?.trim() ? urlOf(attribs.src.trim()) : undefined;
        if (!url) return { tagName, attribs: { [LEFT_OUT]: "" } };
        return { tagName, attribs: { ...attribs, src: url, alt: attribs.alt?.trim() || title } };
      },
    },
    exclusiveFilter: (frame) => frame.tag === "img" && LEFT_OUT in frame.attribs,
  });
}
