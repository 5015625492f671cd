import { renderToStaticMarkup } from "react-dom/server";
import { LOGO_MARK_COLORS, LogoMark } from "#app/components/brand/LogoMark.tsx";
import tokensCss from "#app/styles/tokens.css?raw";
import { loadSharp } from "#server/domain/files/sharp.ts";
import type { CardBrand } from "#server/domain/previews/title-card.ts";
import type { CachePolicy } from "#server/http/cache-policy.ts";
import { byteLength, Memo } from "#server/memo.ts";
import { parseColorTokens } from "./brand-palette.ts";

/**
 * Every file made from the club's mark (the LogoMark component): the downloadable logo, the
 * favicons, the home-screen icons, the link-preview cards. One drawing, so they never differ
 * from the page.
 */

/** The PNG's side in pixels: large enough for print and slides. */
export const LOGO_PNG_SIZE = 1024;

/** Logo files change only with a new release: browsers and proxies may keep them for a day. */
export const LOGO_CACHE_POLICY: CachePolicy = { maxAge: 24 * 60 * 60 };

/** Sizes of the home-screen icons: Apple's touch icon and the web manifest's two. */
export const APP_ICON_SIZES = [180, 192, 512] as const;
export type AppIconSize = (typeof APP_ICON_SIZES)[number];

/** The mark as a standalone SVG file (/brand/logo-mark.svg). */
export function logoMarkSvg(title = "Logo mark"): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${renderToStaticMarkup(<LogoMark size={LOGO_PNG_SIZE} title={title} />)}`;
}

/**
 * Rendered once per process and kept: a handful of sizes (the download, the icons, the marks on
 * preview cards), together well under a megabyte. They are made from code, so they change only
 * with a release: no version.
 */
const rendered = new Memo<Buffer>({ maxBytes: 2 * 1024 * 1024, sizeOf: byteLength });

/** The mark as a PNG of `size` pixels, with its rounded corners. */
export function logoMarkPng(size: number = LOGO_PNG_SIZE): Promise<Buffer> {
  return rendered.get(`mark:${size}`, async () => {
    const sharp = await loadSharp();
    return sharp(Buffer.from(logoMarkSvg())).resize(size, size).png({ compressionLevel: 9 }).toBuffer();
  });
}

/**
 * A home-screen icon: the mark on a full square of its ground colour, drawn within the middle
 * 80% so a launcher's round or squircle mask never cuts the prompt.
 */
export function appIconPng(size: AppIconSize): Promise<Buffer> {
  return rendered.get(`app:${size}`, async () => {
    const sharp = await loadSharp();
    const inner = Math.round(size * 0.8);
    return sharp({
      create: { width: size, height: size, channels: 4, background: LOGO_MARK_COLORS.ground },
    })
      .composite([{ input: await logoMarkPng(inner), gravity: "centre" }])
      .png({ compressionLevel: 9 })
      .toBuffer();
  });
}

/** /favicon.ico: 16, 32 and 48 px PNGs in one ICO file (an ICO may hold PNG images). */
export function faviconIco(): Promise<Buffer> {
  return rendered.get("ico", async () => {
    const sizes = [16, 32, 48];
    const images = await Promise.all(sizes.map((size) => logoMarkPng(size)));
    const header = Buffer.alloc(6 + 16 * images.length);
    header.writeUInt16LE(0, 0); // reserved
    header.writeUInt16LE(1, 2); // type: icon
    header.writeUInt16LE(images.length, 4);
    let offset = header.length;
    images.forEach((image, index) => {
      const entry = 6 + 16 * index;
      header.writeUInt8(sizes[index] as number, entry); // width
      header.writeUInt8(sizes[index] as number, entry + 1); // height
      header.writeUInt16LE(1, entry + 4); // colour planes
      header.writeUInt16LE(32, entry + 6); // bits per pixel
      header.writeUInt32LE(image.length, entry + 8);
      header.writeUInt32LE(offset, entry + 12);
      offset += image.length;
    });
    return Buffer.concat([header, ...images]);
  });
}

/**
 * The link-preview card's look (server/domain/previews/title-card.ts): the brand's blue with the
 * text colour buttons use on it (the light scheme's, as crawlers show one picture to everyone),
 * the mark, and its prompt green for the cursor.
 */
export function previewCardBrand(): CardBrand {
  const tokens = parseColorTokens(tokensCss);
  const color = (token: string) => {
    const value = tokens.get(token)?.light;
    if (!value) throw new Error(`The design tokens have no --color-${token}`);
    return value;
  };
  return {
    mark: (size) => logoMarkPng(size),
    background: color("brand"),
    text: color("on-brand"),
    accent: LOGO_MARK_COLORS.prompt,
  };
}
