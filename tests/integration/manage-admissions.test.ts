import sharp from "sharp";
import { beforeAll, expect, test } from "vitest";
import { getAdmissionInfo, saveAdmissionInfo } from "#server/domain/admissions/admissions.ts";
import { writeWithFiles } from "#server/domain/files/files.ts";
import { processImage } from "#server/domain/files/images.ts";
import { admissionsForm, type AdmissionsEdit as Edit } from "../support/admin-forms.ts";
import { imageFile } from "../support/files.ts";
import { existingKeys, keysOfFile, lastAuditEntry, storedFiles } from "../support/stored-content.ts";
import { MANAGER, postCommand } from "./support/admin-requests.ts";
import { describeEachDatabase } from "./support/databases.ts";

describeEachDatabase("admissions writes", (services) => {
  const submit = async (edit: Edit) => {
    const { status, body } = await postCommand(services(), "admissions", admissionsForm(edit));
    expect(body.status).toBe(status);
    return body;
  };
  const current = () => getAdmissionInfo(services().db);

  beforeAll(async () => {
    const { db, storage } = services();
    const processed = await processImage(
      await sharp({
        create: { width: 800, height: 450, channels: 3, background: "#2448d8" },
      })
        .png()
        .toBuffer(),
    );
    await writeWithFiles(db, storage, async (trx, files) => {
      const image = await files.store({ folder: "admission", ...processed });
      await saveAdmissionInfo(
        trx,
        {
          meta: {
            isRecruiting: false,
            imageFileId: image.id,
            title: "신입 부원 모집",
            description: "누구나 지원할 수 있습니다.",
            applyUrl: "https://forms.club.test/apply",
          },
          schedules: [
            { id: "s1", title: "서류 접수", date: "3. 2. ~ 3. 9.", description: "온라인 지원서" },
            { id: "s2", title: "면담", date: "3. 11.", description: "" },
          ],
          faqs: [
            { id: "f1", question: "회비가 있나요?", answer: "한 학기 2만 원입니다." },
            { id: "f2", question: "면접이 있나요?", answer: "15분 면담이 있습니다." },
          ],
        },
        undefined,
      );
    });
  });

  test("opening recruiting is saved with its audit entry", async () => {
    const { version, value } = await current();
    const result = await submit({
      version,
      info: { ...value, meta: { ...value.meta, isRecruiting: true } },
    });
    expect(result).toMatchObject({
      ok: true,
      message: "모집 상태가 '모집 중'으로 변경되었습니다",
    });
    await expect(current()).resolves.toMatchObject({
      version: version + 1,
      value: { meta: { isRecruiting: true } },
    });
    await expect(lastAuditEntry(services().db, "admissions")).resolves.toMatchObject({
      type: "normal",
      content: "모집 상태가 '모집 중'으로 변경되었습니다",
      actor: MANAGER,
    });
  });

  test("FAQs and schedules are added with new ids, edited, reordered and removed", async () => {
    const { version, value } = await current();
    const added = await submit({
      version,
      info: {
        ...value,
        faqs: [...value.faqs, { id: "", question: "  동아리방은 어디인가요?  ", answer: "307호" }],
        schedules: [...value.schedules, { id: "", title: "합격 발표", date: "3. 13.", description: "" }],
      },
    });
    expect(added.message).toBe("'합격 발표' 일정이 추가되었습니다. '동아리방은 어디인가요?' 질문이 추가되었습니다");
    const afterAdd = await current();
    const newFaq = afterAdd.value.faqs[2];
    expect(newFaq).toMatchObject({ question: "동아리방은 어디인가요?", answer: "307호" });
    expect(newFaq?.id).toMatch(/^[0-9a-f]{32}$/);
    expect(afterAdd.value.schedules[2]?.id).toMatch(/^[0-9a-f]{32}$/);

    const [f1, f2, f3] = afterAdd.value.faqs;
    if (!f1 || !f2 || !f3) throw new Error("three FAQs expected");
    const edited = await submit({
      version: afterAdd.version,
      info: { ...afterAdd.value, faqs: [f3, f1, { ...f2, answer: "면접 대신 면담이 있습니다." }] },
    });
    expect(edited.message).toBe("'면접이 있나요?' 질문이 수정되었습니다. 질문 순서가 변경되었습니다");
    const afterEdit = await current();
    expect(afterEdit.value.faqs.map((faq) => faq.id)).toEqual([f3.id, f1.id, f2.id]);

    const removed = await submit({
      version: afterEdit.version,
      info: { ...afterEdit.value, faqs: afterEdit.value.faqs.filter((faq) => faq.id !== f1.id) },
    });
    expect(removed.message).toBe("'회비가 있나요?' 질문이 삭제되었습니다");
    expect((await current()).value.faqs.map((faq) => faq.id)).toEqual([f3.id, f2.id]);
  });

  test("every field is validated and each error is keyed to its field", async () => {
    const { version, value } = await current();
    const result = await submit({
      version,
      info: {
        ...value,
        meta: { ...value.meta, title: " ", applyUrl: "javascript:alert(1)" },
        schedules: [{ id: "", title: "", date: "", description: "" }],
        faqs: [...value.faqs, { id: "", question: "답 없는 질문", answer: "" }],
      },
    });
    expect(result.status).toBe(400);
    expect(result.fieldErrors).toMatchObject({
      "meta.title": "모집 제목을 입력해 주세요.",
      "meta.applyUrl": "지원 링크는 https://로 시작하는 주소로 입력하거나 비워 두세요.",
      "schedules.0.title": "일정 이름을 입력해 주세요.",
      "schedules.0.date": "날짜를 입력해 주세요.",
      [`faqs.${value.faqs.length}.answer`]: "답변을 입력해 주세요.",
    });
    await expect(current()).resolves.toMatchObject({ version, value });
  });

  test("a new image replaces the old one: stored without metadata, the old file removed", async () => {
    const { db, storage } = services();
    const { version, value } = await current();
    const oldId = value.meta.imageFileId ?? "";
    const oldKeys = (await keysOfFile(db, oldId)) ?? [];
    expect(oldKeys.length).toBeGreaterThan(0);

    const withGps = await imageFile("poster.jpg", { gps: true });
    const sent = await sharp(Buffer.from(await withGps.arrayBuffer())).metadata();
    expect(sent.exif?.toString("latin1")).toContain("TestCam");
    const result = await submit({ version, info: value, image: withGps });
    expect(result.message).toBe("모집 이미지가 변경되었습니다");
    const saved = await current();
    const newId = saved.value.meta.imageFileId ?? "";
    expect(newId).not.toBe(oldId);
    const newKeys = (await keysOfFile(db, newId)) ?? [];
    expect(newKeys[0]).toMatch(/^admission\/[0-9a-f]{32}\.webp$/);
    await expect(existingKeys(storage, newKeys)).resolves.toEqual(newKeys);
    await expect(keysOfFile(db, oldId)).resolves.toBeUndefined();
    await expect(existingKeys(storage, oldKeys)).resolves.toEqual([]);

    const stored = await storage.get(newKeys[0] ?? "");
    const chunks: Buffer[] = [];
    for await (const chunk of stored) chunks.push(chunk as Buffer);
    const metadata = await sharp(Buffer.concat(chunks)).metadata();
    expect(metadata.format).toBe("webp");
    expect(metadata.exif).toBeUndefined();
  });

  test("a file that is not an image is refused next to the image field and nothing changes", async () => {
    const { db } = services();
    const { version, value } = await current();
    const filesBefore = await storedFiles(services());
    const fake = new File([new TextEncoder().encode("%PDF-1.7 not an image")], "poster.jpg", {
      type: "image/jpeg",
    });
    const result = await submit({ version, info: value, image: fake });
    expect(result.status).toBe(400);
    expect(result.fieldErrors?.image).toContain("이미지 파일이 아닙니다");
    await expect(current()).resolves.toMatchObject({ version, value });
    await expect(storedFiles(services())).resolves.toEqual(filesBefore);
    await expect(lastAuditEntry(db, "admissions")).resolves.toMatchObject({
      type: "failure",
      content: "모집 안내 수정에 실패했습니다",
    });
  });

  test("removing the image deletes its file; adding one again stores a new one", async () => {
    const { db, storage } = services();
    const { version, value } = await current();
    const oldId = value.meta.imageFileId ?? "";
    const oldKeys = (await keysOfFile(db, oldId)) ?? [];
    const removed = await submit({ version, info: value, removeImage: true });
    expect(removed.message).toBe("모집 이미지가 삭제되었습니다");
    const afterRemove = await current();
    expect(afterRemove.value.meta.imageFileId).toBeNull();
    await expect(keysOfFile(db, oldId)).resolves.toBeUndefined();
    await expect(existingKeys(storage, oldKeys)).resolves.toEqual([]);

    const added = await submit({
      version: afterRemove.version,
      info: afterRemove.value,
      image: await imageFile("poster.png"),
    });
    expect(added.message).toBe("모집 이미지가 추가되었습니다");
    const afterAdd = await current();
    const keys = (await keysOfFile(db, afterAdd.value.meta.imageFileId ?? "")) ?? [];
    await expect(existingKeys(storage, keys)).resolves.toEqual(keys);
  });

  test("a save from an older version is a conflict and stores no image", async () => {
    const { db } = services();
    const { version, value } = await current();
    const filesBefore = await storedFiles(services());
    const result = await submit({
      version: version - 1,
      info: { ...value, meta: { ...value.meta, title: "낡은 제목" } },
      image: await imageFile("late.png"),
    });
    expect(result).toMatchObject({ ok: false, status: 409, conflict: true });
    await expect(current()).resolves.toMatchObject({ version, value });
    await expect(storedFiles(services())).resolves.toEqual(filesBefore);
    await expect(lastAuditEntry(db, "admissions")).resolves.toMatchObject({
      type: "failure",
      error: "다른 관리자가 먼저 저장했습니다",
    });
  });
});
