import { expect, test } from "vitest";
import { findImageRefs } from "#server/domain/files/files.ts";
import { getHomePage, type HomeContent, saveHomeContent } from "#server/domain/home/home.ts";
import { newId } from "#server/storage/storage.ts";
import { describeEachDatabase } from "./support/databases.ts";

describeEachDatabase("home page content", (services) => {
  async function storedImage(name: string, width: number, height: number) {
    const { db } = services();
    const id = newId();
    await db
      .insertInto("files")
      .values({
        id,
        storage_key: `home/${name}.webp`,
        content_type: "image/webp",
        byte_size: 100,
        original_name: null,
        width,
        height,
        variant_widths: "[]",
        created_at: new Date().toISOString(),
      })
      .execute();
    return id;
  }

  test("file ids become images; a picture whose file is gone is left out", async () => {
    const { db, storage } = services();
    const hero = await Promise.all([1, 2, 3].map((n) => storedImage(`hero-${n}`, 1920, 1080)));
    const poster = await storedImage("poster", 1280, 720);
    const event = await storedImage("event", 1200, 800);
    const missing = newId();
    const content: HomeContent = {
      heroImages: [
        { fileId: hero[0] ?? "", alt: "첫 사진" },
        { fileId: missing, alt: "지워진 사진" },
        { fileId: hero[1] ?? "", alt: "둘째 사진" },
        { fileId: hero[2] ?? "", alt: "셋째 사진" },
      ],
      intro: "소개 글",
      video: { youtubeId: "aqz-KE-bpKQ", title: "소개 영상", posterFileId: poster },
      slogans: [
        { title: "Code", description: "쓰기" },
        { title: "Communicate", description: "나누기" },
        { title: "Challenge", description: "도전하기" },
      ],
      events: [
        { title: "대회", summary: "첫 대회", duration: "하루", imageFileId: event },
        { title: "게임잼", summary: "게임", duration: "1박 2일", imageFileId: missing },
        { title: "해커톤", summary: "서비스", duration: "1박 2일", imageFileId: event },
      ],
      recruiting: {
        intro: "모집합니다",
        wanted: ["가", "나", "다", "라"],
        sessionsPerSemester: 20,
      },
    };
    await saveHomeContent(db, content, undefined);

    const page = await getHomePage(db, storage);
    expect(page.heroImages.map((hero) => hero.alt)).toEqual(["첫 사진", "둘째 사진", "셋째 사진"]);
    expect(page.heroImages[0]?.image).toEqual({
      id: hero[0],
      url: "/uploads/home/hero-1.webp",
      width: 1920,
      height: 1080,
      srcSet: "",
    });
    expect(page.video?.poster?.url).toBe("/uploads/home/poster.webp");
    expect(page.events.map((e) => e.image?.url)).toEqual([
      "/uploads/home/event.webp",
      undefined,
      "/uploads/home/event.webp",
    ]);
    expect(page.events[1]).toMatchObject({ title: "게임잼", duration: "1박 2일" });
    expect(page.recruiting).toEqual(content.recruiting);
  });

  test("looking up no ids finds nothing", async () => {
    const { db, storage } = services();
    await expect(findImageRefs(db, storage, [])).resolves.toEqual(new Map());
  });
});
