import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { LOGO_PNG_SIZE, logoMarkPng, logoMarkSvg } from "../../app/lib/logo-files.server.tsx";

describe("logo files", () => {
  test("the SVG is a standalone drawing of paths, with no text to depend on fonts", () => {
    const svg = logoMarkSvg();
    expect(svg).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/,
    );
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
    expect(at(Math.round((28 / 64) * 1024) - 20, Math.round((32 / 64) * 1024))).toEqual([
      0x3d, 0xdc, 0x7a,
    ]);
    expect(at(40, 512)).toEqual([0x12, 0x15, 0x1c]);
  });
});
