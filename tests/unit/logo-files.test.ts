import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { appIconPng, faviconIco, LOGO_PNG_SIZE, logoMarkPng, logoMarkSvg } from "#app/lib/logo-files.server.tsx";

describe("logo files", () => {
  test("the SVG is a standalone drawing of paths, with no text to depend on fonts", () => {
    const svg = logoMarkSvg();
    expect(svg).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('viewBox="0 0 64 64"');
    expect(svg).toMatch(/<path /);
    expect(svg).not.toMatch(/<text/);
  });

  test("the PNG is a square of 1024 px rendered from the same drawing", async () => {
    const png = await logoMarkPng();
    const metadata = await sharp(png).metadata();
    expect(metadata).toMatchObject({ format: "png", width: LOGO_PNG_SIZE, height: LOGO_PNG_SIZE });
    expect(LOGO_PNG_SIZE).toBe(1024);
    // The prompt's green shows where the chevron is drawn (about a third across, half down).
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => {
      const offset = (y * info.width + x) * info.channels;
      return [data[offset], data[offset + 1], data[offset + 2]];
    };
    expect(at(Math.round((28 / 64) * 1024) - 20, Math.round((32 / 64) * 1024))).toEqual([0x3d, 0xdc, 0x7a]);
    expect(at(40, 512)).toEqual([0x12, 0x15, 0x1c]);
  });

  test("home-screen icons are full squares of the mark's ground, in their sizes", async () => {
    for (const size of [180, 192, 512] as const) {
      const png = await appIconPng(size);
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height], String(size)).toEqual([size, size]);
      // Even the corner is painted: launchers that mask the icon find no transparent edge.
      expect([data[0], data[1], data[2], data[3]]).toEqual([0x12, 0x15, 0x1c, 255]);
    }
  });

  test("favicon.ico holds 16, 32 and 48 px PNG images", async () => {
    const ico = await faviconIco();
    expect(ico.readUInt16LE(2)).toBe(1);
    expect(ico.readUInt16LE(4)).toBe(3);
    for (const [index, size] of [16, 32, 48].entries()) {
      const entry = 6 + 16 * index;
      expect(ico.readUInt8(entry)).toBe(size);
      const length = ico.readUInt32LE(entry + 8);
      const offset = ico.readUInt32LE(entry + 12);
      const metadata = await sharp(ico.subarray(offset, offset + length)).metadata();
      expect(metadata).toMatchObject({ format: "png", width: size, height: size });
    }
  });
});
