import { describe, expect, test } from "vitest";
import { pageMeta } from "#app/lib/meta.ts";
import { picturePreviewPath, titleCardPath } from "#shared/preview-images.ts";

const matches = [
  {
    id: "root",
    loaderData: {
      site: { clubName: "KERNEL", description: "동아리 소개", siteUrl: "https://club.example.org" },
    },
  },
];

/** The tags a crawler reads for the preview image, by property or name. */
function previewTags(tags: ReturnType<typeof pageMeta>) {
  const byKey = new Map(
    tags.flatMap((tag) => {
      const entry = tag as { property?: string; name?: string; content?: string };
      const key = entry.property ?? entry.name;
      return key ? [[key, entry.content]] : [];
    }),
  );
  return {
    image: byKey.get("og:image"),
    type: byKey.get("og:image:type"),
    width: byKey.get("og:image:width"),
    height: byKey.get("og:image:height"),
    alt: byKey.get("og:image:alt"),
    card: byKey.get("twitter:card"),
    twitterImage: byKey.get("twitter:image"),
  };
}

describe("page meta", () => {
  test("defaults to the club's name, description and address", () => {
    const tags = pageMeta({ location: { pathname: "/" }, matches });
    expect(tags).toContainEqual({ title: "KERNEL" });
    expect(tags).toContainEqual({ name: "description", content: "동아리 소개" });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://club.example.org/",
    });
    expect(tags).toContainEqual({ property: "og:url", content: "https://club.example.org/" });
  });

  test("a page's own title, description and picture: the picture cropped for previews, described by its alt", () => {
    const id = "a".repeat(32);
    const tags = pageMeta(
      { location: { pathname: `/community/media/${"b".repeat(32)}` }, matches },
      {
        title: "해커톤 후기",
        description: "밤새 만든 것들",
        picture: { image: { id }, alt: "밤샘 코딩 사진" },
        type: "article",
      },
    );
    expect(tags).toContainEqual({ title: "해커톤 후기 | KERNEL" });
    expect(tags).toContainEqual({ property: "og:title", content: "해커톤 후기" });
    expect(tags).toContainEqual({ property: "og:type", content: "article" });
    const image = `https://club.example.org${picturePreviewPath(id)}`;
    expect(previewTags(tags)).toEqual({
      image,
      type: "image/jpeg",
      width: "1200",
      height: "630",
      alt: "밤샘 코딩 사진",
      card: "summary_large_image",
      twitterImage: image,
    });
  });

  test("a fixed page without a picture gets the club's card with its title from the page list", () => {
    // The courses page's own title carries the semester; its card keeps the page's name.
    const tags = pageMeta(
      { location: { pathname: "/community/activity/courses" }, matches },
      { title: "학습 기록 · 2026-1" },
    );
    expect(previewTags(tags)).toMatchObject({
      image: `https://club.example.org${titleCardPath("/community/activity/courses", "학습 기록", "KERNEL")}`,
      type: "image/png",
      width: "1200",
      height: "630",
      alt: "학습 기록 | KERNEL",
      card: "summary_large_image",
    });
    expect(previewTags(pageMeta({ location: { pathname: "/" }, matches })).alt).toBe("KERNEL");
  });

  test("pages kept out of search engines and unknown addresses have no preview image", () => {
    const admin = pageMeta({ location: { pathname: "/admin" }, matches }, { title: "관리", noIndex: true });
    expect(previewTags(admin)).toMatchObject({ image: undefined, card: "summary" });
    const unknown = pageMeta({ location: { pathname: "/no-such-page" }, matches });
    expect(previewTags(unknown)).toMatchObject({ image: undefined, card: "summary" });
  });
});
