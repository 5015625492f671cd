import { expect, test } from "vitest";
import { listFeedItems } from "#server/domain/feed/feed.ts";
import { imageFile } from "../support/files.ts";
import { storedKeysMatchRows } from "../support/stored-content.ts";
import { MANAGER, multipartForm, postCommand } from "./support/admin-requests.ts";
import { describeEachDatabase } from "./support/databases.ts";

describeEachDatabase("managing the feed", (services) => {
  const upload = (fields: Record<string, string | File | undefined>) =>
    postCommand(services(), "feed", multipartForm(fields));
  const page = (fields: Record<string, string | string[]>) => postCommand(services(), "feed", fields);

  /** A new item's form with a photo, but for what `change` takes away (undefined) or puts in place. */
  const createWith = async (caption: string, change: { link?: string; image?: File } = {}) =>
    upload({ intent: "create", caption, link: "", postedAt: "2030-05-01", image: await imageFile(), ...change });

  const create = async (caption: string, link = "") => {
    const answer = await createWith(caption, { link });
    expect(answer.body.message).toBe(`'${caption}' 피드 게시물이 추가되었습니다`);
    return answer.body.data as string;
  };

  const item = (id: string) =>
    services()
      .db.selectFrom("feed_items")
      .innerJoin("files", "files.id", "feed_items.image_file_id")
      .select([
        "feed_items.caption",
        "feed_items.link",
        "feed_items.posted_at",
        "feed_items.version",
        "files.storage_key",
      ])
      .where("feed_items.id", "=", id)
      .executeTakeFirst();

  const order = async () => (await listFeedItems(services().db, services().storage)).map((entry) => entry.id);

  const audit = (content: string) =>
    services()
      .db.selectFrom("audit_log")
      .select(["category", "type", "actor"])
      .where("content", "=", content)
      .execute();

  test("a new item goes to the top of the feed with its photo stored", async () => {
    const older = await create("첫 사진");
    const id = await create("동아리방 대청소", "https://www.instagram.com/p/abc");
    expect(await item(id)).toMatchObject({
      caption: "동아리방 대청소",
      link: "https://www.instagram.com/p/abc",
      posted_at: "2030-04-30T15:00:00.000Z",
      version: 1,
    });
    expect((await item(id))?.storage_key).toMatch(/^feed\/[0-9a-f]{32}\.webp$/);
    expect(await storedKeysMatchRows(services())).toContain((await item(id))?.storage_key);
    expect((await order()).slice(0, 2)).toEqual([id, older]);
    expect(await audit("'동아리방 대청소' 피드 게시물이 추가되었습니다")).toEqual([
      { category: "feed", type: "normal", actor: MANAGER },
    ]);
  });

  test("a link must be http or https (or empty), a caption and a photo are needed", async () => {
    const before = await storedKeysMatchRows(services());
    for (const link of ["javascript:alert(1)", "ftp://files.example/x", "not a url"]) {
      const answer = await createWith("링크 확인", { link });
      expect(answer.status).toBe(400);
      expect(answer.body.fieldErrors?.link).toBe("http:// 또는 https://로 시작하는 주소를 넣거나 비워 두세요.");
    }
    const noCaption = await createWith(" ");
    expect(noCaption.body.fieldErrors?.caption).toBe("설명을 입력해 주세요.");
    const noPhoto = await createWith("사진 없음", { image: undefined });
    expect(noPhoto.body.fieldErrors?.image).toBe("사진을 골라 주세요.");
    expect(await storedKeysMatchRows(services())).toEqual(before);
    expect(await audit("'사진 없음' 피드 게시물 추가에 실패했습니다")).toEqual([
      expect.objectContaining({ type: "failure" }),
    ]);
  });

  test("an edit saves the fields and may replace the photo, removing the old file", async () => {
    const id = await create("수정할 사진");
    const old = await item(id);
    const textOnly = await upload({
      intent: "update",
      id,
      version: "1",
      caption: "수정한 설명",
      link: "http://club.example/post",
      postedAt: "2030-06-01",
    });
    expect(textOnly.body).toMatchObject({
      ok: true,
      message: "'수정한 설명' 피드 게시물이 수정되었습니다",
    });
    expect(await item(id)).toMatchObject({
      caption: "수정한 설명",
      version: 2,
      storage_key: old?.storage_key,
    });

    const withPhoto = await upload({
      intent: "update",
      id,
      version: "2",
      caption: "수정한 설명",
      link: "",
      postedAt: "2030-06-01",
      image: await imageFile("new.jpg"),
    });
    expect(withPhoto.body.ok).toBe(true);
    const saved = await item(id);
    expect(saved).toMatchObject({ link: "", version: 3 });
    expect(saved?.storage_key).not.toBe(old?.storage_key);
    const stored = await storedKeysMatchRows(services());
    expect(stored).not.toContain(old?.storage_key);

    const stale = await upload({
      intent: "update",
      id,
      version: "2",
      caption: "늦은 수정",
      link: "",
      postedAt: "2030-06-01",
      image: await imageFile(),
    });
    expect(stale.status).toBe(409);
    expect(await item(id)).toMatchObject({ caption: "수정한 설명", version: 3 });
    expect(await storedKeysMatchRows(services())).toEqual(stored);
  });

  test("a delete removes the item and its photo", async () => {
    const id = await create("지울 사진");
    const key = (await item(id))?.storage_key;
    const answer = await page({ intent: "delete", id, version: "1" });
    expect(answer.body).toMatchObject({
      ok: true,
      message: "'지울 사진' 피드 게시물이 삭제되었습니다",
    });
    expect(await item(id)).toBeUndefined();
    expect(await storedKeysMatchRows(services())).not.toContain(key);
    expect((await page({ intent: "delete", id, version: "1" })).status).toBe(404);
  });

  test("the order is saved; an order made on a changed list is a logged failure", async () => {
    const current = await order();
    const moved = [...current.slice(1), current[0] ?? ""];
    const saved = await page({ intent: "reorder", expected: current, id: moved });
    expect(saved.body).toMatchObject({ ok: true, message: "피드 순서가 변경되었습니다" });
    expect(await order()).toEqual(moved);
    await create("그사이 추가된 사진");
    const stale = await page({ intent: "reorder", expected: moved, id: current });
    expect(stale.status).toBe(409);
    expect(stale.body.conflict).toBe(true);
    expect(await audit("피드 순서 변경에 실패했습니다")).toEqual([expect.objectContaining({ type: "failure" })]);
  });

  test("an unknown request is refused", async () => {
    expect((await page({ intent: "rename" })).status).toBe(400);
    const answer = await upload({
      intent: "publish",
      caption: "x",
      link: "",
      postedAt: "2030-01-01",
    });
    expect(answer.status).toBe(400);
  });
});
