import { buffer } from "node:stream/consumers";
import type { Db } from "#server/db/database.ts";
import { publishedArticles } from "#server/domain/articles/published.ts";
import { loadSharp } from "#server/domain/files/sharp.ts";
import { articlePathOf } from "#server/domain/seo/public-pages.ts";
import { displayedClubName, loadOwnSiteSettings } from "#server/domain/site-settings/identity.ts";
import type { Logger } from "#server/logger.ts";
import { Memo } from "#server/memo.ts";
import { type FileStorage, StorageNotFoundError } from "#server/storage/storage.ts";
import {
  PREVIEW_HEIGHT,
  PREVIEW_PREFIX,
  PREVIEW_WIDTH,
  pageKeyOf,
  parsePreviewName,
  picturePreviewPath,
  titleCardPath,
} from "#shared/preview-images.ts";
import { publicPages } from "#shared/public-pages.ts";
import { type CardBrand, drawTitleCard } from "./title-card.ts";

/**
 * Link-preview images, made when first asked for and kept in memory (the names and why they can
 * be cached for good: shared/preview-images.ts; the choices: docs/decisions/0023).
 */

export interface PreviewImage {
  body: Buffer;
  contentType: "image/png" | "image/jpeg";
}

export interface PreviewServices {
  db: Db;
  storage: FileStorage;
  logger: Logger;
}

/**
 * What each process keeps: 8 MB, some 100 images (a card is 20-60 KB, a crop 60-150 KB), least
 * recently used dropped first. Crawlers fetch a preview once and then cache it themselves. A name
 * says what its image is made from, so a kept image never goes stale: no version.
 */
const made = new Memo<PreviewImage>({ maxBytes: 8 * 1024 * 1024, sizeOf: (image) => image.body.length });

interface PreviewSource {
  /** The address the server's own data gives this image now. */
  path: string;
  make(): Promise<PreviewImage>;
}

/**
 * The preview image named `name` (the last segment of its address), or undefined when no such
 * image exists now: a name of another shape, a file or page that does not exist, or a fingerprint
 * that is not the current one. Nothing in the name is drawn or used as a path: it only selects a
 * stored picture or a page, whose title comes from the server's own data.
 */
export async function findPreviewImage(
  services: PreviewServices,
  name: string,
  brand: CardBrand,
): Promise<PreviewImage | undefined> {
  const parsed = parsePreviewName(name);
  if (!parsed) return undefined;
  const source =
    parsed.kind === "picture"
      ? await pictureSource(services, parsed.fileId)
      : await cardSource(services.db, parsed.pageKey, brand);
  if (!source || source.path !== `${PREVIEW_PREFIX}${name}`) return undefined;
  try {
    return await made.get(name, source.make);
  } catch (error) {
    if (!(error instanceof StorageNotFoundError)) throw error;
    // A row that points at nothing: the crawler gets a 404, the operators a log line.
    services.logger.error({ name }, "picture for a link preview missing in storage");
    return undefined;
  }
}

/** A stored picture (an image, not a PDF) cropped to the preview's size. */
async function pictureSource(services: PreviewServices, fileId: string): Promise<PreviewSource | undefined> {
  const row = await services.db
    .selectFrom("files")
    .select(["storage_key", "content_type"])
    .where("id", "=", fileId)
    .executeTakeFirst();
  if (!row?.content_type.startsWith("image/")) return undefined;
  return {
    path: picturePreviewPath(fileId),
    make: async () => ({
      body: await cropPicture(await buffer(await services.storage.get(row.storage_key))),
      contentType: "image/jpeg",
    }),
  };
}

/** The card of a fixed public page or of an article, with its title as the server has it. */
async function cardSource(db: Db, pageKey: string, brand: CardBrand): Promise<PreviewSource | undefined> {
  const page = await pageOfKey(db, pageKey);
  if (!page) return undefined;
  const { value: settings } = await loadOwnSiteSettings(db);
  const card = { title: page.title, clubName: displayedClubName(settings) };
  return {
    path: titleCardPath(page.path, card.title, card.clubName),
    make: async () => ({ body: await drawTitleCard(card, brand), contentType: "image/png" }),
  };
}

const fixedPageByKey = new Map(publicPages.map((page) => [pageKeyOf(page.path), page]));
const articleKey = /^community-media-([0-9a-f]{32})$/;

async function pageOfKey(db: Db, pageKey: string): Promise<{ path: string; title: string } | undefined> {
  const fixed = fixedPageByKey.get(pageKey);
  if (fixed) return fixed;
  const id = articleKey.exec(pageKey)?.[1];
  if (!id) return undefined;
  // Only a published article has a preview: a draft's title stays in the admin area.
  const article = await publishedArticles(db).select("title").where("id", "=", id).executeTakeFirst();
  return article === undefined ? undefined : { path: articlePathOf(id), title: article.title };
}

/**
 * A picture cut to 1200x630 around what draws the eye (sharp's attention strategy: skin tones,
 * saturation, contrast), so a portrait or a square becomes a landscape crop, never a letterbox.
 * A small picture is enlarged: crawlers drop or shrink images under their size. JPEG: a photo in
 * PNG would be five times the bytes.
 */
export async function cropPicture(input: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(input)
    .resize(PREVIEW_WIDTH, PREVIEW_HEIGHT, { fit: "cover", position: sharp.strategy.attention })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}
