/**
 * Link-preview images (og:image): their size and their addresses. Pages name them (app/lib/
 * meta.ts) and the server makes them (server/domain/previews/), both from this module, so the
 * address a page states is the one the server answers.
 *
 * An address names what the image is made from, never the text drawn on it, plus a fingerprint
 * of everything that shapes it: `/previews/picture-{fileId}.{fingerprint}.jpg` is a stored picture
 * cropped to the card's size; `/previews/{page}.{fingerprint}.png` is the club's card with a
 * page's title (`home`, `about-organization`, `community-media-{articleId}`). The server works out
 * the fingerprint again from its own data and answers 404 when it differs, so a changed title or
 * club name is a new address and every address may be cached for good.
 */

/** 1.91:1, the size Facebook, X, LinkedIn, Slack and KakaoTalk show large. */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/**
 * Bump when the images' drawing changes (the card's layout, colours, logo mark or font, the
 * crop's settings), so every address changes and no cache keeps the old drawing.
 */
export const PREVIEW_DESIGN_VERSION = 1;

export const PREVIEW_PREFIX = "/previews/";

/** A preview named by its address's last segment. */
export type PreviewName =
  | { kind: "picture"; fileId: string; fingerprint: string }
  | { kind: "card"; pageKey: string; fingerprint: string };

/** The card's name for a page path: "home" for "/", else the path's segments joined by "-". */
export function pageKeyOf(path: string): string {
  return path.split("/").filter(Boolean).join("-") || "home";
}

/** The address of the crop of the stored picture `fileId`. */
export function picturePreviewPath(fileId: string): string {
  return `${PREVIEW_PREFIX}picture-${fileId}.${fingerprint(PREVIEW_DESIGN_VERSION, "picture", fileId)}.jpg`;
}

/** The address of the club's card for the page at `path`, with its title and the club's name. */
export function titleCardPath(path: string, title: string, clubName: string): string {
  const pageKey = pageKeyOf(path);
  return `${PREVIEW_PREFIX}${pageKey}.${fingerprint(PREVIEW_DESIGN_VERSION, pageKey, title, clubName)}.png`;
}

const pictureName = /^picture-([0-9a-f]{32})\.([0-9a-z]{1,12})\.jpg$/;
const cardName = /^([a-z0-9_-]{1,64})\.([0-9a-z]{1,12})\.png$/;

/** What a name in /previews/ asks for, by its shape alone; undefined for any other name. */
export function parsePreviewName(name: string): PreviewName | undefined {
  const picture = pictureName.exec(name);
  if (picture) return { kind: "picture", fileId: picture[1] as string, fingerprint: picture[2] as string };
  const card = cardName.exec(name);
  if (card && !card[1]?.startsWith("picture-")) {
    return { kind: "card", pageKey: card[1] as string, fingerprint: card[2] as string };
  }
  return undefined;
}

/**
 * A short fingerprint of the parts (cyrb53, a 53-bit non-cryptographic hash, in base 36). It only
 * tells versions apart: the server never trusts it, it recomputes it. Written out because pages
 * compute it in the browser too, synchronously, where node:crypto does not exist.
 */
function fingerprint(...parts: (string | number)[]): string {
  const text = parts.join("\n");
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
