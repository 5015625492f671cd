import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { newId } from "#server/storage/storage.ts";
import { picturePreviewPath, titleCardPath } from "#shared/preview-images.ts";
import { type BuiltSite, request, serveBuiltSite } from "./support/built-site.ts";
import { describeEachDatabase } from "./support/databases.ts";

/**
 * What a link-preview crawler sees on the real, built site (`npm run build` first): every address
 * in the sitemap states a 1200x630 preview image that answers, and nested pages state their
 * breadcrumb.
 */

/** A page's meta tags by property or name (the first of each), entities undone. */
function metaTags(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const [element] of html.matchAll(/<meta\s[^>]*>/g)) {
    const key = /(?:property|name)="([^"]+)"/.exec(element)?.[1];
    const content = /content="([^"]*)"/.exec(element)?.[1];
    if (key && content !== undefined && !tags.has(key)) tags.set(key, decodeEntities(content));
  }
  return tags;
}

function decodeEntities(text: string): string {
  return text
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

function structuredData(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1] ?? "{}") as Record<string, unknown>,
  );
}

/** How many pixels below the mark are light (a card's title is drawn in white on the brand's blue). */
async function lightPixels(image: Buffer): Promise<{ raw: Buffer; light: number }> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let light = 0;
  for (let offset = 230 * info.width * 3; offset < data.length; offset += 3) {
    if ((data[offset] ?? 0) > 200 && (data[offset + 1] ?? 0) > 200 && (data[offset + 2] ?? 0) > 200) light += 1;
  }
  return { raw: data, light };
}

describeEachDatabase(
  "link previews",
  (services) => {
    let site: BuiltSite;
    let base = "";
    let siteUrl = "";
    /** Every address the sitemap lists, as paths. */
    let paths: string[] = [];
    beforeAll(async () => {
      site = await serveBuiltSite(services());
      base = site.base;
      const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
      const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? ""));
      siteUrl = locations[0]?.origin ?? "";
      paths = locations.map((location) => location.pathname);
    }, 120_000);
    afterAll(() => site.close());

    /** An absolute address the pages state, fetched from the test's server. */
    const local = (address: string) => `${base}${new URL(address).pathname}`;

    test("every public address states a 1200x630 preview image that answers with an image of that size", async () => {
      expect(paths.length).toBeGreaterThan(16);
      const cards: { path: string; body: Buffer }[] = [];
      for (const path of paths) {
        const page = await fetch(`${base}${path}`);
        expect(page.status, path).toBe(200);
        const tags = metaTags(await page.text());
        const image = tags.get("og:image") ?? "";
        expect(image, path).toMatch(new RegExp(`^${siteUrl}/previews/[^/]+\\.(png|jpg)$`));
        expect(tags.get("og:image:width"), path).toBe("1200");
        expect(tags.get("og:image:height"), path).toBe("630");
        expect(tags.get("og:image:alt")?.trim(), path).not.toBe("");
        expect(tags.get("twitter:card"), path).toBe("summary_large_image");
        expect(tags.get("twitter:image"), path).toBe(image);

        const response = await fetch(local(image));
        expect(response.status, `${path}: ${image}`).toBe(200);
        const body = Buffer.from(await response.arrayBuffer());
        const metadata = await sharp(body).metadata();
        expect(metadata, `${path}: ${image}`).toMatchObject({ width: 1200, height: 630 });
        expect(response.headers.get("content-type")).toBe(metadata.format === "png" ? "image/png" : "image/jpeg");
        expect(tags.get("og:image:type"), path).toBe(response.headers.get("content-type"));
        expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        if (metadata.format === "png") cards.push({ path, body });
      }

      // Pages without a picture of their own get the club's card with their title, drawn in Korean
      // from the bundled font: titles differ, so every card differs, and none is blank.
      expect(cards.length).toBeGreaterThan(5);
      const drawn = await Promise.all(cards.map(async (card) => ({ ...card, ...(await lightPixels(card.body)) })));
      for (const card of drawn) expect(card.light, card.path).toBeGreaterThan(1_000);
      for (const [index, card] of drawn.entries()) {
        for (const other of drawn.slice(index + 1)) {
          expect(card.raw.equals(other.raw), `${card.path} and ${other.path}`).toBe(false);
        }
      }
    });

    test("a page's own picture is cropped for the preview and described by its alt text", async () => {
      const home = metaTags(await (await fetch(`${base}/`)).text());
      expect(home.get("og:image")).toMatch(/\/previews\/picture-[0-9a-f]{32}\.[0-9a-z]+\.jpg$/);
      // The demo club's first hero picture.
      expect(home.get("og:image:alt")).toBe("어두운 편집기 화면에 색색의 코드 줄이 이어진 모습");

      const organization = metaTags(await (await fetch(`${base}/about/organization`)).text());
      expect(organization.get("og:image")).toMatch(/\/previews\/about-organization\.[0-9a-z]+\.png$/);
      expect(organization.get("og:image:alt")).toMatch(/^조직도 \| /);
    });

    test("an image answers conditional requests and HEAD from its name", async () => {
      const image = metaTags(await (await fetch(`${base}/about/ci`)).text()).get("og:image") ?? "";
      const first = await fetch(local(image));
      const etag = first.headers.get("etag");
      expect(etag).toMatch(/^"about-ci\.[0-9a-z]+\.png"$/);
      await first.arrayBuffer();
      const again = await fetch(local(image), { headers: { "if-none-match": etag ?? "" } });
      expect(again.status).toBe(304);
      const head = await fetch(local(image), { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-type")).toBe("image/png");
    });

    test("names that select nothing answer 404: unknown pages, old titles, files that are no pictures, paths", async () => {
      const { db } = services();
      const clubName = (await fetch(`${base}/`).then((response) => response.text())).match(
        /<meta property="og:site_name" content="([^"]+)"/,
      )?.[1];
      const article = await db
        .selectFrom("articles")
        .select(["id", "title"])
        .where("status", "=", "published")
        .executeTakeFirstOrThrow();
      const articlePath = `/community/media/${article.id}`;
      const current = titleCardPath(articlePath, article.title, clubName ?? "");
      const pdf = await db
        .selectFrom("files")
        .select("id")
        .where("content_type", "=", "application/pdf")
        .executeTakeFirstOrThrow();
      const names = [
        "/previews/no-such-page.abc.png",
        "/previews/about.0.png",
        "/previews/about-organization.png",
        titleCardPath(articlePath, "다른 제목", clubName ?? ""),
        titleCardPath(`/community/media/${newId()}`, "없는 글", clubName ?? ""),
        titleCardPath("/no-such-page", "", clubName ?? ""),
        picturePreviewPath(newId()),
        picturePreviewPath(pdf.id),
        "/previews/..%2F..%2Fpackage.json",
        "/previews/%2e%2e%2fpackage.json",
        `/previews/${encodeURIComponent("조직도")}.png`,
      ];
      for (const name of names) {
        // Sent as written: fetch would resolve the dot segments itself.
        const response = await request(base, { path: name });
        expect(response.status, name).toBe(404);
      }
      expect((await fetch(`${base}${current}`)).status).toBe(200);

      // A new title is a new address: the old one is gone, the new one draws the new title.
      await db.updateTable("articles").set({ title: "제목을 바꾼 글" }).where("id", "=", article.id).execute();
      const renamed = titleCardPath(articlePath, "제목을 바꾼 글", clubName ?? "");
      expect(renamed).not.toBe(current);
      expect((await fetch(`${base}${current}`)).status).toBe(404);
      const response = await fetch(`${base}${renamed}`);
      expect(response.status).toBe(200);
      expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({
        width: 1200,
        height: 630,
      });
      await db.updateTable("articles").set({ title: article.title }).where("id", "=", article.id).execute();
    });

    test("every nested public page states its breadcrumb from the home page down", async () => {
      const nested = paths.filter((path) => path.split("/").filter(Boolean).length > 1);
      expect(nested).toEqual(expect.arrayContaining(["/about/organization", "/join/who_we_want", "/archive/rule"]));
      for (const path of nested) {
        const html = await (await fetch(`${base}${path}`)).text();
        const breadcrumb = structuredData(html).find((item) => item["@type"] === "BreadcrumbList");
        const items = (breadcrumb?.itemListElement ?? []) as { position: number; name: string; item: string }[];
        expect(items.length, path).toBeGreaterThanOrEqual(2);
        expect(
          items.map((item) => item.position),
          path,
        ).toEqual(items.map((_, index) => index + 1));
        expect(items[0]?.item, path).toBe(`${siteUrl}/`);
        expect(items.at(-1)?.item, path).toBe(`${siteUrl}${path}`);
        expect(
          items.every((item) => item.name.trim() !== ""),
          path,
        ).toBe(true);
        // Every step above the page is a page that answers.
        for (const step of items.slice(1, -1)) {
          expect((await fetch(local(step.item))).status, `${path}: ${step.item}`).toBe(200);
        }
      }
      const organization = structuredData(await (await fetch(`${base}/about/organization`)).text()).find(
        (item) => item["@type"] === "BreadcrumbList",
      );
      const names = ((organization?.itemListElement ?? []) as { name: string }[]).map((item) => item.name);
      expect(names.slice(1)).toEqual(["동아리 소개", "조직도"]);
    });
  },
  { demo: true },
);
