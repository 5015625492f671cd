import { describe, expect, test } from "vitest";
import { pageMeta } from "#app/lib/meta.ts";

const matches = [
  {
    id: "root",
    loaderData: {
      site: { clubName: "KERNEL", description: "동아리 소개", siteUrl: "https://club.example.org" },
    },
  },
];

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

  test("a page's own title, description and image", () => {
    const tags = pageMeta(
      { location: { pathname: "/community/media/42" }, matches },
      {
        title: "해커톤 후기",
        description: "밤새 만든 것들",
        image: "/uploads/a.webp",
        type: "article",
      },
    );
    expect(tags).toContainEqual({ title: "해커톤 후기 | KERNEL" });
    expect(tags).toContainEqual({ property: "og:title", content: "해커톤 후기" });
    expect(tags).toContainEqual({ property: "og:type", content: "article" });
    expect(tags).toContainEqual({
      property: "og:image",
      content: "https://club.example.org/uploads/a.webp",
    });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });
});
