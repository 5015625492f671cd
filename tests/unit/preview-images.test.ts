import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { LOGO_MARK_COLORS } from "#app/components/brand/LogoMark.tsx";
import { logoMarkPng } from "#app/lib/logo-files.server.tsx";
import { cropPicture } from "#server/domain/previews/preview-images.ts";
import { cardFont, wrapText } from "#server/domain/previews/text-outlines.ts";
import { type CardBrand, drawTitleCard } from "#server/domain/previews/title-card.ts";
import {
  PREVIEW_HEIGHT,
  PREVIEW_WIDTH,
  pageKeyOf,
  parsePreviewName,
  picturePreviewPath,
  titleCardPath,
} from "#shared/preview-images.ts";

const brand: CardBrand = {
  mark: (size) => logoMarkPng(size),
  background: "#2448d8",
  text: "#ffffff",
  accent: LOGO_MARK_COLORS.prompt,
};

/** The card's pixels as RGB, and how many of those below the mark are light (the title's). */
async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let light = 0;
  for (let offset = 230 * info.width * 3; offset < data.length; offset += 3) {
    if ((data[offset] ?? 0) > 200 && (data[offset + 1] ?? 0) > 200 && (data[offset + 2] ?? 0) > 200) light += 1;
  }
  return { data, light };
}

describe("preview image names", () => {
  test("name what the image is made from, never the text on it, and parse back", () => {
    const fileId = "0123456789abcdef0123456789abcdef";
    const picture = picturePreviewPath(fileId);
    expect(picture).toMatch(/^\/previews\/picture-0123456789abcdef0123456789abcdef\.[0-9a-z]+\.jpg$/);
    expect(parsePreviewName(picture.slice("/previews/".length))).toMatchObject({ kind: "picture", fileId });

    const card = titleCardPath("/join/who_we_want", "이런 분을 찾아요", "KERNEL");
    expect(card).toMatch(/^\/previews\/join-who_we_want\.[0-9a-z]+\.png$/);
    expect(decodeURIComponent(card)).not.toContain("찾아요");
    expect(parsePreviewName(card.slice("/previews/".length))).toMatchObject({
      kind: "card",
      pageKey: "join-who_we_want",
    });
    expect(pageKeyOf("/")).toBe("home");
    expect(pageKeyOf(`/community/media/${fileId}`)).toBe(`community-media-${fileId}`);
  });

  test("a changed title or club name is a new address", () => {
    const base = titleCardPath("/about", "동아리 소개", "KERNEL");
    expect(titleCardPath("/about", "동아리 소개", "KERNEL")).toBe(base);
    expect(titleCardPath("/about", "소개", "KERNEL")).not.toBe(base);
    expect(titleCardPath("/about", "동아리 소개", "KERNEL 2")).not.toBe(base);
  });

  test.each([
    "",
    "../../etc/passwd",
    "about.png",
    "about..png",
    "About.abc.png",
    "about.abc.gif",
    "picture-xyz.abc.jpg",
    "picture-0123456789abcdef0123456789abcdef.abc.png",
    "%2e%2e.abc.png",
    "a/b.abc.png",
  ])("%j is no preview name", (name) => {
    expect(parsePreviewName(name)).toBeUndefined();
  });
});

describe("the club's card", () => {
  test("is 1200x630 and draws Korean titles from the bundled font: different titles, different pictures", async () => {
    const first = await drawTitleCard({ title: "가나다라 동아리", clubName: "커널" }, brand);
    const second = await drawTitleCard({ title: "마바사아 동아리", clubName: "커널" }, brand);
    expect(await sharp(first).metadata()).toMatchObject({
      format: "png",
      width: PREVIEW_WIDTH,
      height: PREVIEW_HEIGHT,
    });
    const [a, b] = await Promise.all([pixels(first), pixels(second)]);
    // Missing glyphs would be drawn alike (or not at all): same-length titles would then match.
    expect(a.data.equals(b.data)).toBe(false);
    // The title covers a real share of the card: a bold 96 px line is some 20,000 pixels.
    expect(a.light).toBeGreaterThan(10_000);
    expect(b.light).toBeGreaterThan(10_000);
  });

  test("a long title is wrapped within the margins and cut with an ellipsis", async () => {
    const font = await cardFont();
    const long = "밤새 만든 서비스 열두 개와 그 뒤에 남은 이야기들, ".repeat(6);
    const wrapped = wrapText(font, long, 60, 1040, 4);
    expect(wrapped.complete).toBe(false);
    expect(wrapped.lines).toHaveLength(4);
    expect(wrapped.lines.at(-1)).toMatch(/…$/);
    const card = await drawTitleCard({ title: long, clubName: "커널" }, brand);
    expect(await sharp(card).metadata()).toMatchObject({ width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT });
    // Nothing drawn in the right margin.
    const { data, info } = await sharp(card).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    for (let y = 0; y < info.height; y += 1) {
      for (let x = PREVIEW_WIDTH - 40; x < PREVIEW_WIDTH; x += 1) {
        const offset = (y * info.width + x) * 3;
        expect([data[offset], data[offset + 1], data[offset + 2]]).toEqual([0x24, 0x48, 0xd8]);
      }
    }
  });

  test("a word wider than a line breaks between its characters", async () => {
    const font = await cardFont();
    const wrapped = wrapText(font, "가".repeat(40), 96, 1040, 2);
    expect(wrapped.lines.length).toBe(2);
    expect(wrapped.lines.every((line) => line.length > 1)).toBe(true);
  });
});

describe("a page's picture", () => {
  test.each([
    ["portrait", 600, 1400],
    ["square", 800, 800],
    ["small", 300, 200],
    ["very wide", 3000, 600],
  ])("a %s picture becomes a 1200x630 JPEG crop", async (_shape, width, height) => {
    const input = await sharp({ create: { width, height, channels: 4, background: "#446688" } })
      .webp()
      .toBuffer();
    const crop = await cropPicture(input);
    expect(await sharp(crop).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
  });
});
