import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";
import { writeWithFiles } from "#server/domain/files/files.ts";
import { processImage } from "#server/domain/files/images.ts";
import { getHomeContent, saveHomeContent } from "#server/domain/home/home.ts";
import { youtubeIdFrom } from "#server/domain/home/manage.ts";
import { demoSiteSettings, getSiteSettings, saveSiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { homeForm, settingsForm } from "../support/admin-forms.ts";
import { imageFile } from "../support/files.ts";
import { existingKeys, keysOfFile, lastAuditEntry, storedFiles } from "../support/stored-content.ts";
import { MANAGER, postCommand, postRaw } from "./support/admin-requests.ts";
import { describeEachDatabase } from "./support/databases.ts";

describeEachDatabase("site settings and home writes", (services) => {
  const post = async (type: string, form: FormData) => {
    const { status, body } = await postCommand(services(), type, form);
    expect(body.status).toBe(status);
    return body;
  };
  const saveSettings = (form: FormData) => post("site-settings", form);
  const saveHome = (form: FormData) => post("home", form);

  beforeAll(async () => {
    const { db, storage } = services();
    const processed = await processImage(
      await sharp({ create: { width: 600, height: 400, channels: 3, background: "#14a44d" } })
        .png()
        .toBuffer(),
    );
    await writeWithFiles(db, storage, async (trx, files) => {
      const store = (folder: string) => files.store({ folder, ...processed }).then((stored) => stored.id);
      await saveSiteSettings(trx, demoSiteSettings("http://club.test"), undefined);
      await saveHomeContent(
        trx,
        {
          heroImages: await Promise.all(
            [0, 1, 2, 3].map(async (index) => ({
              fileId: await store("home/hero"),
              alt: `첫 화면 사진 ${index + 1}`,
            })),
          ),
          intro: "1973년부터 코드를 써 온 동아리입니다.",
          video: {
            youtubeId: "aqz-KE-bpKQ",
            title: "소개 영상",
            posterFileId: await store("home/video"),
          },
          slogans: ["Code", "Communicate", "Challenge"].map((title) => ({
            title,
            description: `${title} 설명`,
          })),
          events: await Promise.all(
            ["새내기 코딩 대회", "게임잼", "해커톤"].map(async (title) => ({
              title,
              summary: `${title} 소개`,
              duration: "1박 2일",
              imageFileId: await store("home/events"),
            })),
          ),
          recruiting: {
            intro: "매 학기 신입 부원을 모집합니다.",
            wanted: ["처음 배우는 분", "함께할 사람을 찾는 분", "만들고 싶은 게 있는 분", "나누기 좋아하는 분"],
            sessionsPerSemester: 20,
          },
        },
        undefined,
      );
    });
  });

  describe("site settings", () => {
    test("a change is saved, the audit entry names the fields, the address loses its slash", async () => {
      const { db } = services();
      const { version, value } = await getSiteSettings(db);
      const result = await saveSettings(
        settingsForm(version, value, {
          clubName: "  KERNEL 2027 ",
          email: "hello@kernel.example",
          siteUrl: "https://kernel.example/",
        }),
      );
      expect(result).toMatchObject({
        ok: true,
        message: "사이트 설정의 동아리 이름, 사이트 주소, 이메일이 수정되었습니다",
      });
      await expect(getSiteSettings(db)).resolves.toMatchObject({
        version: version + 1,
        value: {
          clubName: "KERNEL 2027",
          email: "hello@kernel.example",
          siteUrl: "https://kernel.example",
        },
      });
      await expect(lastAuditEntry(db, "siteSettings")).resolves.toMatchObject({
        type: "normal",
        content: "사이트 설정의 동아리 이름, 사이트 주소, 이메일이 수정되었습니다",
        actor: MANAGER,
      });
    });

    test("malformed addresses, e-mail and year are refused next to their fields", async () => {
      const { db } = services();
      const { version, value } = await getSiteSettings(db);
      const result = await saveSettings(
        settingsForm(version, value, {
          clubName: "가".repeat(41),
          email: "kernel@",
          siteUrl: "kernel.example",
          foundedYear: "천구백칠십삼",
          "social.instagram": "javascript:alert(1)",
          "social.github": "github.com/kernel",
          "partners.learningSite.url": "ftp://learn.example",
          "partners.activitySystem.label": " ",
        }),
      );
      expect(result.status).toBe(400);
      expect(result.fieldErrors).toEqual({
        clubName: "동아리 이름은 40자까지 쓸 수 있습니다.",
        email: "이메일 주소 형식이 올바르지 않습니다. 예: club@example.org (없으면 비워 두세요)",
        siteUrl: "https://로 시작하는 주소를 입력해 주세요. 예: https://club.example.org",
        foundedYear: "창립 연도를 숫자로 입력해 주세요. 예: 1973",
        "social.instagram": "https://로 시작하는 주소를 입력해 주세요. 없으면 비워 두세요.",
        "social.github": "https://로 시작하는 주소를 입력해 주세요. 없으면 비워 두세요.",
        "partners.learningSite.url": "https://로 시작하는 주소를 입력해 주세요. 없으면 비워 두세요.",
        "partners.activitySystem.label": "메뉴에 보일 이름을 입력해 주세요.",
      });
      await expect(getSiteSettings(db)).resolves.toMatchObject({ version, value });
      await expect(lastAuditEntry(db, "siteSettings")).resolves.toMatchObject({
        type: "failure",
        content: "사이트 설정 수정에 실패했습니다",
      });
    });

    test("a founding year out of range and empty optional links", async () => {
      const { db } = services();
      const { version, value } = await getSiteSettings(db);
      const refused = await saveSettings(settingsForm(version, value, { foundedYear: "1850" }));
      expect(refused.fieldErrors).toEqual({
        foundedYear: "창립 연도는 1900년부터 2100년 사이로 입력해 주세요.",
      });
      const cleared = await saveSettings(settingsForm(version, value, { "social.facebook": "", email: "" }));
      expect(cleared).toMatchObject({ ok: true });
      await expect(getSiteSettings(db)).resolves.toMatchObject({
        value: { email: "", social: { facebook: "" } },
      });
    });

    test("every identity field may be left empty: it is then unset (the dashboard lists it)", async () => {
      const { db } = services();
      const { version, value } = await getSiteSettings(db);
      const emptied = await saveSettings(
        settingsForm(version, value, { clubName: "", subtitle: "", description: "", foundedYear: "", siteUrl: "" }),
      );
      expect(emptied).toMatchObject({ ok: true });
      await expect(getSiteSettings(db)).resolves.toMatchObject({
        value: { clubName: "", subtitle: "", description: "", foundedYear: null, siteUrl: "" },
      });
      const restored = await getSiteSettings(db);
      await expect(saveSettings(settingsForm(restored.version, value))).resolves.toMatchObject({ ok: true });
    });

    test("a save from an older version is a conflict", async () => {
      const { db } = services();
      const { version, value } = await getSiteSettings(db);
      const result = await saveSettings(settingsForm(version - 1, value, { clubName: "낡은 이름" }));
      expect(result).toMatchObject({ status: 409, conflict: true });
      await expect(getSiteSettings(db)).resolves.toMatchObject({ version, value });
    });

    test("JSON or a form cut off on the way is refused with a Korean answer, not a server error", async () => {
      const { db } = services();
      const before = await getSiteSettings(db);
      const json = await postRaw(
        services(),
        "site-settings",
        "application/json",
        JSON.stringify({ intent: "save", version: before.version, clubName: "JSON" }),
      );
      expect(json).toMatchObject({
        status: 415,
        body: { ok: false, message: "양식으로 보낸 요청만 받을 수 있습니다." },
      });
      const cutOff = await postRaw(
        services(),
        "site-settings",
        "multipart/form-data; boundary=cut",
        '--cut\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsa',
      );
      expect(cutOff).toMatchObject({ status: 400, body: { ok: false } });
      expect(cutOff.body.message).toContain("보낸 양식을 읽을 수 없습니다");
      await expect(getSiteSettings(db)).resolves.toEqual(before);
      await expect(lastAuditEntry(db, "siteSettings")).resolves.toMatchObject({
        type: "failure",
        content: "사이트 설정 저장에 실패했습니다",
      });
    });
  });

  describe("home content", () => {
    test("texts are saved; a YouTube address becomes its video id", async () => {
      const { db } = services();
      const { version, value } = await getHomeContent(db);
      const result = await saveHome(
        homeForm(version, value, {
          intro: "새 소개 글",
          "video.youtubeId": "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=12",
          "slogans.1.title": "Connect",
          "recruiting.wanted.3": "무엇이든 끝까지 해 보는 분",
          "recruiting.sessionsPerSemester": "24",
        }),
      );
      expect(result).toMatchObject({
        ok: true,
        message: "홈 화면의 소개 글, 소개 영상 외 3개 항목이 수정되었습니다",
      });
      const saved = await getHomeContent(db);
      expect(saved.version).toBe(version + 1);
      expect(saved.value).toMatchObject({
        intro: "새 소개 글",
        video: { youtubeId: "dQw4w9WgXcQ" },
        recruiting: { sessionsPerSemester: 24 },
      });
      expect(saved.value.slogans[1]?.title).toBe("Connect");
      expect(saved.value.recruiting.wanted[3]).toBe("무엇이든 끝까지 해 보는 분");
      expect(saved.value.heroImages).toEqual(value.heroImages);
    });

    test.each([
      ["dQw4w9WgXcQ", "dQw4w9WgXcQ"],
      ["https://youtu.be/dQw4w9WgXcQ?si=abc", "dQw4w9WgXcQ"],
      ["https://www.youtube.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
      ["https://youtube.com/shorts/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
      ["https://vimeo.com/12345678", "https://vimeo.com/12345678"],
    ])("the video id of %s is %s", (input, id) => {
      expect(youtubeIdFrom(input)).toBe(id);
    });

    test("invalid texts are refused next to their fields", async () => {
      const { db } = services();
      const { version, value } = await getHomeContent(db);
      const result = await saveHome(
        homeForm(version, value, {
          "video.youtubeId": "https://vimeo.com/12345678",
          "slogans.2.title": "",
          "events.0.duration": "x".repeat(31),
          "recruiting.sessionsPerSemester": "스무 번",
        }),
      );
      expect(result.status).toBe(400);
      expect(result.fieldErrors).toEqual({
        "video.youtubeId": "YouTube 영상 주소나 영상 ID를 입력해 주세요. 예: https://youtu.be/aqz-KE-bpKQ",
        "slogans.2.title": "슬로건을 입력해 주세요.",
        "events.0.duration": "기간은 30자까지 쓸 수 있습니다.",
        "recruiting.sessionsPerSemester": "숫자로 입력해 주세요. 예: 20",
      });
      await expect(getHomeContent(db)).resolves.toMatchObject({ version, value });
    });

    test("replacing pictures stores the new files and removes the old ones", async () => {
      const { db, storage } = services();
      const { version, value } = await getHomeContent(db);
      const oldHero = value.heroImages[1]?.fileId ?? "";
      const oldEvent = value.events[2]?.imageFileId ?? "";
      const oldKeys = [...((await keysOfFile(db, oldHero)) ?? []), ...((await keysOfFile(db, oldEvent)) ?? [])];
      expect(oldKeys.length).toBeGreaterThanOrEqual(2);
      const result = await saveHome(
        homeForm(
          version,
          value,
          { "heroImages.1.alt": "동아리방에서 코드를 리뷰하는 부원들" },
          {
            "heroImages.1.file": await imageFile("hero.jpg", { width: 1600, height: 900 }),
            "events.2.file": await imageFile("hackathon.png"),
          },
        ),
      );
      expect(result.message).toBe("홈 화면의 첫 화면 사진, 사진 설명, 행사 사진이 수정되었습니다");
      const saved = (await getHomeContent(db)).value;
      const newHero = saved.heroImages[1]?.fileId ?? "";
      const newEvent = saved.events[2]?.imageFileId ?? "";
      expect(saved.heroImages[1]?.alt).toBe("동아리방에서 코드를 리뷰하는 부원들");
      expect([newHero, newEvent]).not.toContain(oldHero);
      expect(saved.heroImages[0]).toEqual(value.heroImages[0]);
      const heroKeys = (await keysOfFile(db, newHero)) ?? [];
      expect(heroKeys[0]).toMatch(/^home\/hero\/[0-9a-f]{32}\.webp$/);
      await expect(existingKeys(storage, heroKeys)).resolves.toEqual(heroKeys);
      expect((await keysOfFile(db, newEvent))?.[0]).toMatch(/^home\/events\//);
      await expect(keysOfFile(db, oldHero)).resolves.toBeUndefined();
      await expect(keysOfFile(db, oldEvent)).resolves.toBeUndefined();
      await expect(existingKeys(storage, oldKeys)).resolves.toEqual([]);
    });

    test("a picture that is not an image is refused next to its field; nothing is kept", async () => {
      const { db } = services();
      const { version, value } = await getHomeContent(db);
      const filesBefore = await storedFiles(services());
      const result = await saveHome(
        homeForm(
          version,
          value,
          {},
          {
            "heroImages.0.file": await imageFile("fine.png"),
            "heroImages.3.file": new File([new TextEncoder().encode("GIF89a? no")], "fake.gif", {
              type: "image/gif",
            }),
          },
        ),
      );
      expect(result.status).toBe(400);
      expect(result.fieldErrors?.["heroImages.3.file"]).toContain("이미지 파일이 아닙니다");
      await expect(getHomeContent(db)).resolves.toMatchObject({ version, value });
      await expect(storedFiles(services())).resolves.toEqual(filesBefore);
      await expect(lastAuditEntry(db, "siteSettings")).resolves.toMatchObject({
        type: "failure",
        content: "홈 화면 수정에 실패했습니다",
      });
    });

    test("a save from an older version is a conflict", async () => {
      const { db } = services();
      const { version, value } = await getHomeContent(db);
      const result = await saveHome(homeForm(version - 1, value, { intro: "낡은 소개" }));
      expect(result).toMatchObject({ status: 409, conflict: true });
      await expect(getHomeContent(db)).resolves.toMatchObject({ version, value });
    });
  });
});
