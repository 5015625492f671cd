import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { expect, test } from "vitest";
import { listMainActivitiesByYear } from "#server/domain/activities/activities.ts";
import { imageFile } from "../support/files.ts";
import { storedKeysMatchRows } from "../support/stored-content.ts";
import { MANAGER, multipartForm, postCommand } from "./support/admin-requests.ts";
import { describeEachDatabase } from "./support/databases.ts";

describeEachDatabase("managing main activities", (services) => {
  const upload = (fields: Record<string, string | File | undefined>) =>
    postCommand(services(), "activities", multipartForm(fields));
  const page = (fields: Record<string, string | string[]>) => postCommand(services(), "activities", fields);

  /** Puts a year's activities in the order of `ids`, as the page last showed them in `expected`. */
  const reorder = (year: number, expected: string[], ids: string[]) =>
    page({ intent: "reorder", year: String(year), expected, id: ids });

  const create = async (year: number, title: string, image?: File) => {
    const answer = await upload({
      intent: "create",
      year: String(year),
      title,
      description: `${title} 설명`,
      direction: "left",
      image,
    });
    expect(answer.body.message).toBe(`'${title}' 주요 활동이 추가되었습니다`);
    return answer.body.data as string;
  };

  const row = (id: string) =>
    services()
      .db.selectFrom("main_activities")
      .leftJoin("files", "files.id", "main_activities.image_file_id")
      .select([
        "main_activities.year",
        "main_activities.title",
        "main_activities.position",
        "main_activities.version",
        "main_activities.direction",
        "main_activities.image_file_id",
        "files.storage_key",
      ])
      .where("main_activities.id", "=", id)
      .executeTakeFirst();

  const audit = (content: string) =>
    services()
      .db.selectFrom("audit_log")
      .select(["category", "type", "content", "error", "actor"])
      .where("content", "=", content)
      .execute();

  const yearIds = async (year: number) =>
    (await listMainActivitiesByYear(services().db, services().storage))
      .find((group) => group.year === year)
      ?.activities.map((activity) => activity.id) ?? [];

  test("an activity is added at the end of its year with its image stored in its folder", async () => {
    const first = await create(2031, "봄 해커톤", await imageFile());
    const second = await create(2031, "여름 게임잼");
    expect(await row(first)).toMatchObject({ year: 2031, position: 0, version: 1 });
    expect(await row(second)).toMatchObject({ position: 1, image_file_id: null });
    expect((await row(first))?.storage_key).toMatch(new RegExp(`^activities/${first}/[0-9a-f]{32}\\.webp$`));
    const stored = await storedKeysMatchRows(services());
    expect(stored).toContain((await row(first))?.storage_key);
    expect(await audit("'봄 해커톤' 주요 활동이 추가되었습니다")).toEqual([
      {
        category: "mainActivities",
        type: "normal",
        content: "'봄 해커톤' 주요 활동이 추가되었습니다",
        error: null,
        actor: MANAGER,
      },
    ]);
    expect(await yearIds(2031)).toEqual([first, second]);
  });

  test("an empty title is refused with the spec's message next to the title, storing nothing", async () => {
    const before = await storedKeysMatchRows(services());
    for (const title of ["", "   "]) {
      const answer = await upload({
        intent: "create",
        year: "2032",
        title,
        description: "",
        direction: "right",
        image: await imageFile(),
      });
      expect(answer.status).toBe(400);
      expect(answer.body.fieldErrors?.title).toBe("Title must not be empty!");
    }
    expect(await yearIds(2032)).toEqual([]);
    expect(await storedKeysMatchRows(services())).toEqual(before);
    const failures = await audit("주요 활동 추가에 실패했습니다");
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatchObject({
      type: "failure",
      error: expect.stringMatching(/^입력 확인 필요 — /),
    });
  });

  test("a file that is not an image is refused next to the image field", async () => {
    const before = await storedKeysMatchRows(services());
    const answer = await upload({
      intent: "create",
      year: "2032",
      title: "가짜 사진",
      description: "",
      direction: "left",
      image: new File(["<html>not a picture</html>"], "photo.jpg", { type: "image/jpeg" }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors?.image).toContain("이미지 파일이 아닙니다");
    expect(await storedKeysMatchRows(services())).toEqual(before);
    expect(await yearIds(2032)).toEqual([]);
  });

  test("a stored image carries no GPS or camera data; a file over the limit is refused with 413", async () => {
    const tagged = await sharp({
      create: { width: 60, height: 40, channels: 3, background: "#c33" },
    })
      .jpeg()
      .withExifMerge({
        IFD0: { Make: "TestCam" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "37/1 33/1 59/1" },
      })
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const id = await create(
      2039,
      "GPS 사진",
      new File([new Uint8Array(tagged)], "IMG_0001.jpg", { type: "image/jpeg" }),
    );
    const stored = await services().storage.get((await row(id))?.storage_key ?? "");
    expect((await sharp(await buffer(stored)).metadata()).exif).toBeUndefined();

    const before = await storedKeysMatchRows(services());
    const huge = new File([new Uint8Array(11 * 1024 * 1024)], "huge.jpg", { type: "image/jpeg" });
    const answer = await upload({
      intent: "create",
      year: "2039",
      title: "너무 큰 사진",
      description: "",
      direction: "left",
      image: huge,
    });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toContain("파일은 하나에 10MB까지");
    expect(await storedKeysMatchRows(services())).toEqual(before);
    expect(await audit("주요 활동 저장에 실패했습니다")).toEqual([
      expect.objectContaining({
        type: "failure",
        error: expect.stringContaining("너무 큽니다"),
      }),
    ]);
  });

  test("an edit saves the fields and replaces the image, removing the old file", async () => {
    const id = await create(2033, "가을 세미나", await imageFile("old.jpg"));
    const old = await row(id);
    const answer = await upload({
      intent: "update",
      id,
      version: "1",
      year: "2033",
      title: "가을 세미나 (수정)",
      description: "새 설명",
      direction: "right",
      image: await imageFile("new.jpg", { width: 90, height: 90 }),
    });
    expect(answer.body).toMatchObject({
      ok: true,
      message: "'가을 세미나 (수정)' 주요 활동이 수정되었습니다",
    });
    const saved = await row(id);
    expect(saved).toMatchObject({ title: "가을 세미나 (수정)", direction: "right", version: 2 });
    expect(saved?.storage_key).not.toBe(old?.storage_key);
    const stored = await storedKeysMatchRows(services());
    expect(stored).toContain(saved?.storage_key);
    expect(stored).not.toContain(old?.storage_key);

    const removed = await upload({
      intent: "update",
      id,
      version: "2",
      year: "2033",
      title: "가을 세미나 (수정)",
      description: "",
      direction: "right",
      removeImage: "on",
    });
    expect(removed.body.ok).toBe(true);
    expect(await row(id)).toMatchObject({ image_file_id: null, version: 3 });
    expect(await storedKeysMatchRows(services())).not.toContain(saved?.storage_key);
  });

  test("an edit over a newer version is a conflict that changes nothing and stores nothing", async () => {
    const id = await create(2034, "정기 총회", await imageFile());
    const first = await upload({
      intent: "update",
      id,
      version: "1",
      year: "2034",
      title: "정기 총회 A",
      description: "",
      direction: "left",
    });
    expect(first.body.ok).toBe(true);
    const before = await storedKeysMatchRows(services());
    const stale = await upload({
      intent: "update",
      id,
      version: "1",
      year: "2034",
      title: "정기 총회 B",
      description: "",
      direction: "left",
      image: await imageFile(),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.conflict).toBe(true);
    expect(await row(id)).toMatchObject({ title: "정기 총회 A", version: 2 });
    expect(await storedKeysMatchRows(services())).toEqual(before);
    expect(await audit("'정기 총회 B' 주요 활동 수정에 실패했습니다")).toEqual([
      expect.objectContaining({
        type: "failure",
        error: "다른 관리자가 먼저 저장했습니다",
      }),
    ]);
  });

  test("an activity moved to another year goes to the end of that year", async () => {
    const stays = await create(2035, "남는 활동");
    const moves = await create(2036, "옮기는 활동");
    const answer = await upload({
      intent: "update",
      id: moves,
      version: "1",
      year: "2035",
      title: "옮기는 활동",
      description: "",
      direction: "left",
    });
    expect(answer.body.ok).toBe(true);
    expect(await yearIds(2035)).toEqual([stays, moves]);
    expect(await yearIds(2036)).toEqual([]);
  });

  test("a delete removes the activity and its image; the year's last one removes the year", async () => {
    const first = await create(2037, "첫 활동", await imageFile());
    const last = await create(2037, "마지막 활동", await imageFile());
    const key = (await row(first))?.storage_key;

    const stale = await page({ intent: "delete", id: first, version: "7" });
    expect(stale.status).toBe(409);
    expect(await row(first)).toBeDefined();

    const answer = await page({ intent: "delete", id: first, version: "1" });
    expect(answer.body).toMatchObject({
      ok: true,
      message: "'첫 활동' 주요 활동이 삭제되었습니다",
    });
    expect(await row(first)).toBeUndefined();
    expect(await storedKeysMatchRows(services())).not.toContain(key);
    expect(await audit("'첫 활동' 주요 활동이 삭제되었습니다")).toHaveLength(1);

    const years = async () =>
      (await listMainActivitiesByYear(services().db, services().storage)).map((group) => group.year);
    expect(await years()).toContain(2037);
    expect((await page({ intent: "delete", id: last, version: "1" })).body.ok).toBe(true);
    expect(await years()).not.toContain(2037);

    const gone = await page({ intent: "delete", id: last, version: "1" });
    expect(gone.status).toBe(404);
  });

  test("a year's order is saved; a list that changed meanwhile is refused and logged as a failure", async () => {
    const a = await create(2038, "A");
    const b = await create(2038, "B");
    const c = await create(2038, "C");
    const saved = await reorder(2038, [a, b, c], [c, a, b]);
    expect(saved.body).toMatchObject({
      ok: true,
      message: "2038년 주요 활동 순서가 변경되었습니다",
    });
    expect(await yearIds(2038)).toEqual([c, a, b]);
    expect(await audit("2038년 주요 활동 순서가 변경되었습니다")).toHaveLength(1);

    // Another manager's order (or an added activity) since the page was loaded: refused.
    const stale = await reorder(2038, [a, b, c], [b, a, c]);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ ok: false, conflict: true });
    const d = await create(2038, "D");
    const missing = await reorder(2038, [c, a, b], [a, b, c]);
    expect(missing.status).toBe(409);
    expect(await yearIds(2038)).toEqual([c, a, b, d]);
    // The list changed since it was loaded: the entry says so, with no version to compare.
    expect(await audit("2038년 주요 활동 순서 변경에 실패했습니다")).toEqual([
      expect.objectContaining({ type: "failure", error: "불러온 뒤에 목록이 바뀌었습니다" }),
      expect.objectContaining({ type: "failure", error: "불러온 뒤에 목록이 바뀌었습니다" }),
    ]);
    expect(stale.body.message).toContain("목록을 불러온 뒤에");

    const malformed = await page({ intent: "reorder", year: "2038", expected: [a], id: [a, a] });
    expect(malformed.status).toBe(400);
  });
});
