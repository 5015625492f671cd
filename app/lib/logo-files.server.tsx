import { renderToStaticMarkup } from "react-dom/server";
import { loadSharp } from "../../server/domain/files/sharp.ts";
import { LogoMark } from "../components/brand/LogoMark.tsx";

/** The PNG's side in pixels: large enough for print and slides. */
export const LOGO_PNG_SIZE = 1024;

/** The mark as a standalone SVG file. */
export function logoMarkSvg(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${renderToStaticMarkup(<LogoMark size={LOGO_PNG_SIZE} title="Logo mark" />)}`;
}

let png: Promise<Buffer> | undefined;

/** The mark as a 1024 px PNG, rendered once per process. */
export function logoMarkPng(): Promise<Buffer> {
  png ??= loadSharp()
    .then((sharp) =>
      sharp(Buffer.from(logoMarkSvg()))
        .resize(LOGO_PNG_SIZE, LOGO_PNG_SIZE)
        .png({ compressionLevel: 9 })
        .toBuffer(),
    )
    .catch((error: unknown) => {
      png = undefined;
      throw error;
    });
  return png;
}

/** Logo files change only with a new release: browsers and proxies may keep them for a day. */
export const LOGO_CACHE_CONTROL = "public, max-age=86400";
