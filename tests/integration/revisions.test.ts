import { beforeAll, expect, test } from "vitest";
import { action as autosaveAction } from "#app/routes/admin/api/autosave.ts";
import { readContentRevision } from "#server/db/content-revision.ts";
import { getAutosave, recoverableCopy } from "#server/domain/articles/autosave.ts";
import { articleHistory } from "#server/domain/articles/history.ts";
import { getEditableArticle } from "#server/domain/articles/manage.ts";
import { getLeaders, leadersHistory } from "#server/domain/leaders/leaders.ts";
import { compareRevisions, KEEP_ALL_DAYS, listRevisions, thinOut } from "#server/domain/revisions/revisions.ts";
import { getRules, rulesHistory } from "#server/domain/rules/rules.ts";
import { newId } from "#server/storage/storage.ts";
import { NEW_ARTICLE_KEY } from "#shared/article-autosave.ts";
import { seoulDateTimeInput } from "#shared/dates.ts";
import { leadersForm } from "../support/admin-forms.ts";
import { auditEntries, lastAuditEntry, storedFiles } from "../support/stored-content.ts";
import { callAction, MANAGER, postCommand } from "./support/admin-requests.ts";
import { articleForm, created, photo, send } from "./support/article-forms.ts";
import { describeEachDatabase } from "./support/databases.ts";

/**
 * Revision history through the one write path: every save of an article or a single document
 * keeps its state with who and when, any two compare word by word, a restore writes an old state
 * back as a new revision with an audit entry, old revisions thin out to one a day; and the
 * editor's autosaved copies, which never touch the article.
 */

/** The manager of the test requests (managerContext). */
const MANAGER_ID = "test-manager";

describeEachDatabase(
  "revision history",
  (services) => {
    let articleId = "";
    let version = 0;

    beforeAll(async () => {
      const first = await created(
        services(),
        articleForm({
          title: "동아리 소개 글",
          publishedAt: "2026-03-02T18:30",
          contents: "<p>우리 동아리는 매주 금요일에 모입니다.</p>",
        }),
      );
      articleId = first.id;
      version = first.version;
    });

    const update = async (title: string, contents: string) => {
      const answer = await send(services(), articleForm({ id: articleId, version, title, contents }));
      expect(answer, answer.message).toMatchObject({ ok: true });
      version = answer.data?.version ?? version;
    };

    test("each save keeps its state, newest first, with who saved it", async () => {
      await update("동아리 소개 글", "<p>우리 동아리는 매주 목요일에 모입니다.</p>");
      await update("동아리를 소개합니다", "<p>우리 동아리는 매주 목요일 저녁에 모입니다.</p>");
      const revisions = await listRevisions(services().db, articleHistory, articleId);
      expect(revisions.map((revision) => revision.label)).toEqual([
        "동아리를 소개합니다",
        "동아리 소개 글",
        "동아리 소개 글",
      ]);
      expect(revisions.every((revision) => revision.actor === MANAGER)).toBe(true);
      // Each says what it changed against the save before it, so saves a moment apart differ.
      expect(revisions.map((revision) => revision.changes)).toEqual([
        { fields: ["제목", "본문"], words: { added: 4, removed: 4 } },
        { fields: ["본문"], words: { added: 1, removed: 1 } },
        null,
      ]);
    });

    test("two revisions compare word by word: the changed words, not the whole line", async () => {
      const [newest, , oldest] = await listRevisions(services().db, articleHistory, articleId);
      const comparison = await compareRevisions(
        services().db,
        articleHistory,
        articleId,
        oldest?.id ?? "",
        newest?.id ?? "",
      );
      if (!comparison?.ok) throw new Error("no comparison");
      const removed = comparison.parts.filter((part) => part.kind === "removed").map((part) => part.text.trim());
      const added = comparison.parts.filter((part) => part.kind === "added").map((part) => part.text.trim());
      expect(removed).toContain("금요일에");
      expect(added.join(" ")).toContain("목요일");
      expect(added.join(" ")).toContain("저녁에");
      expect(comparison.parts.some((part) => part.kind === "same" && part.text.includes("우리 동아리는 매주"))).toBe(
        true,
      );
      // A revision of another subject is not this article's.
      await expect(
        compareRevisions(services().db, articleHistory, newId(), oldest?.id ?? "", newest?.id ?? ""),
      ).resolves.toBeUndefined();
    });

    test("restoring makes a new revision and an audit entry, and the article reads as it did", async () => {
      const revisions = await listRevisions(services().db, articleHistory, articleId);
      const oldest = revisions.at(-1);
      const { body } = await postCommand(services(), "articles", {
        intent: "restore",
        id: articleId,
        version: String(version),
        revision: oldest?.id ?? "",
      });
      expect(body, body.message).toMatchObject({ ok: true });
      expect(body.message).toMatch(
        /^'동아리를 소개합니다' 게시글을 \d{4}\. \d{2}\. \d{2}\. \d{2}:\d{2}:\d{2} 버전으로 되돌렸습니다$/,
      );
      const article = await getEditableArticle(services().db, services().storage, articleId);
      expect(article).toMatchObject({ title: "동아리 소개 글", status: "published" });
      expect(article?.contents).toContain("금요일에");
      const after = await listRevisions(services().db, articleHistory, articleId);
      expect(after).toHaveLength(revisions.length + 1);
      expect(after[0]).toMatchObject({ note: "restore", label: "동아리 소개 글", actor: MANAGER });
      await expect(lastAuditEntry(services().db, "media")).resolves.toMatchObject({
        type: "normal",
        content: body.message,
        actor: MANAGER,
      });
      version = article?.version ?? version;
    });

    test("a restore over a newer save is a conflict, and a revision of another article is not found", async () => {
      const [newest] = await listRevisions(services().db, articleHistory, articleId);
      const stale = await postCommand(services(), "articles", {
        intent: "restore",
        id: articleId,
        version: String(version - 1),
        revision: newest?.id ?? "",
      });
      expect(stale.body).toMatchObject({ ok: false, status: 409, conflict: true });
      const other = await created(services(), articleForm({ title: "다른 글" }));
      const foreign = await postCommand(services(), "articles", {
        intent: "restore",
        id: other.id,
        version: String(other.version),
        revision: newest?.id ?? "",
      });
      expect(foreign.body).toMatchObject({ ok: false, status: 404 });
    });

    test("a save that changes nothing says so and writes nothing: no version, revision, audit entry or cache change", async () => {
      const s = services();
      // A demo article: its publishing time has seconds, which the form does not show.
      const demo = await s.db
        .selectFrom("articles")
        .select("id")
        .where("status", "=", "published")
        .orderBy("published_at", "desc")
        .executeTakeFirstOrThrow();
      const article = await getEditableArticle(s.db, s.storage, demo.id);
      if (!article) throw new Error("no demo article");
      const resend = (contents: string) =>
        send(
          s,
          articleForm({
            id: article.id,
            version: article.version,
            title: article.title,
            tag: article.tag,
            publishedAt: seoulDateTimeInput(article.publishedAt),
            status: article.status,
            contents,
            images: article.images.map((image) => ({ fileId: image.fileId, alt: image.alt })),
          }),
        );
      // Saved before history began: nothing kept yet, and an unchanged save keeps nothing either.
      await expect(listRevisions(s.db, articleHistory, article.id)).resolves.toEqual([]);
      const audit = await auditEntries(s.db, "media");
      const cache = await readContentRevision(s.db);

      const answer = await resend(article.contents);
      expect(answer).toMatchObject({
        ok: true,
        status: 200,
        unchanged: true,
        message: "게시글에 바뀐 내용이 없어 저장하지 않았습니다. 변경 기록도 그대로입니다.",
      });
      expect((await getEditableArticle(s.db, s.storage, article.id))?.version).toBe(article.version);
      expect((await getEditableArticle(s.db, s.storage, article.id))?.publishedAt).toBe(article.publishedAt);
      expect(await listRevisions(s.db, articleHistory, article.id)).toEqual([]);
      expect(await auditEntries(s.db, "media")).toEqual(audit);
      expect(await readContentRevision(s.db)).toEqual(cache);

      // One word more is a save again: the state before it and the one it wrote are kept.
      const changed = await resend(`${article.contents}<p>덧붙임</p>`);
      expect(changed).toMatchObject({ ok: true, message: `'${article.title}' 게시글이 수정되었습니다` });
      expect(changed).not.toHaveProperty("unchanged");
      expect(await listRevisions(s.db, articleHistory, article.id)).toHaveLength(2);

      // A single document the same way.
      const leaders = await getLeaders(s.db);
      const rows = [...leaders.value.leaders, { name: "", phoneNumber: "" }].slice(0, 3);
      const same = await postCommand(s, "leaders", leadersForm(leaders.version, rows));
      expect(same.body).toMatchObject({ ok: true, unchanged: true });
      expect((await getLeaders(s.db)).version).toBe(leaders.version);
    });

    test("deleting an article deletes its history", async () => {
      const doomed = await created(services(), articleForm({ title: "지울 글" }));
      expect(await listRevisions(services().db, articleHistory, doomed.id)).toHaveLength(1);
      const { body } = await postCommand(services(), "articles", {
        intent: "delete",
        id: doomed.id,
        version: String(doomed.version),
      });
      expect(body).toMatchObject({ ok: true });
      expect(await listRevisions(services().db, articleHistory, doomed.id)).toEqual([]);
    });

    test("a document saved before history began keeps that state as its first revision", async () => {
      const s = services();
      const before = await getLeaders(s.db);
      const { body } = await postCommand(
        s,
        "leaders",
        leadersForm(before.version, [
          { name: "새회장", phoneNumber: "010-2222-2222" },
          { name: "새부회장", phoneNumber: "010-3333-3333" },
          { name: "", phoneNumber: "" },
        ]),
      );
      expect(body, body.message).toMatchObject({ ok: true });
      const revisions = await listRevisions(s.db, leadersHistory, "leaders");
      expect(revisions[0]).toMatchObject({ actor: MANAGER });
      const baseline = revisions.at(-1);
      expect(baseline).toMatchObject({ actor: "" });

      const saved = await getLeaders(s.db);
      const restore = await postCommand(s, "leaders", {
        intent: "restore",
        id: "leaders",
        version: String(saved.version),
        revision: baseline?.id ?? "",
      });
      expect(restore.body, restore.body.message).toMatchObject({ ok: true });
      expect((await getLeaders(s.db)).value).toEqual(before.value);
      await expect(lastAuditEntry(s.db, "leaders")).resolves.toMatchObject({ content: restore.body.message });
    });

    test("a document revision naming a file that is gone is refused, and nothing changes", async () => {
      const s = services();
      const rules = await getRules(s.db);
      // A kept state that names a file no longer stored (removed by a later save).
      const revision = newId();
      await s.db
        .insertInto("revisions")
        .values({
          id: revision,
          subject_kind: "document",
          subject_id: "rules",
          state: JSON.stringify({
            contents: "<p>옛 회칙</p>",
            attachments: [{ fileId: newId(), fileName: "옛 회칙.pdf", title: "옛 회칙" }],
          }),
          actor: MANAGER,
          note: "",
          created_at: new Date().toISOString(),
        })
        .execute();
      const { body } = await postCommand(s, "rules", {
        intent: "restore",
        id: "rules",
        version: String(rules.version),
        revision,
      });
      expect(body).toMatchObject({ ok: false, status: 400 });
      expect(body.message).toContain("이미 지워진");
      expect((await getRules(s.db)).version).toBe(rules.version);
      expect((await listRevisions(s.db, rulesHistory, "rules")).map((entry) => entry.id)).toContain(revision);
    });

    test("revisions older than 30 days thin out to the last of each day", async () => {
      const s = services();
      const subject = newId();
      const now = new Date("2026-11-25T03:00:00Z");
      const at = (daysAgo: number, hour: number) => new Date(Date.UTC(2026, 10, 25 - daysAgo, hour - 9)).toISOString();
      const times = [
        at(KEEP_ALL_DAYS + 5, 9),
        at(KEEP_ALL_DAYS + 5, 13),
        at(KEEP_ALL_DAYS + 5, 20),
        at(KEEP_ALL_DAYS + 2, 10),
        at(3, 9),
        at(3, 10),
      ];
      for (const created_at of times) {
        await s.db
          .insertInto("revisions")
          .values({
            id: newId(),
            subject_kind: "article",
            subject_id: subject,
            state: "{}",
            actor: MANAGER,
            created_at,
          })
          .execute();
      }
      await thinOut(s.db, "article", subject, now);
      const left = await s.db
        .selectFrom("revisions")
        .select("created_at")
        .where("subject_id", "=", subject)
        .orderBy("created_at")
        .execute();
      expect(left.map((row) => row.created_at)).toEqual([times[2], times[3], times[4], times[5]]);
    });

    test("autosaved copies are the manager's own, never the article, and a save spends them", async () => {
      const s = services();
      const article = await getEditableArticle(s.db, s.storage, articleId);
      if (!article) throw new Error("no article");
      const autosave = (fields: Record<string, string>) =>
        callAction(autosaveAction, s, "/admin/api/autosave", {
          key: articleId,
          title: article.title,
          tag: article.tag,
          status: article.status,
          publishedAt: "2026-03-02T18:30",
          contents: article.contents,
          ...fields,
        });
      const answer = await autosave({ contents: "<p>아직 저장하지 않은 문장</p>" });
      expect(answer.body).toMatchObject({ ok: true, status: 200 });
      expect((await getEditableArticle(s.db, s.storage, articleId))?.contents).toBe(article.contents);
      const copy = await recoverableCopy(s.db, MANAGER_ID, articleId, {
        ...article,
        publishedAt: "2026-03-02T18:30",
      });
      expect(copy?.fields.contents).toBe("<p>아직 저장하지 않은 문장</p>");
      expect(await getAutosave(s.db, "another-manager", articleId)).toBeUndefined();

      const refused = await autosave({ key: "../../etc" });
      expect(refused.body).toMatchObject({ ok: false, status: 400 });

      const saved = await send(s, articleForm({ id: articleId, version: article.version, title: article.title }));
      expect(saved).toMatchObject({ ok: true });
      expect(await getAutosave(s.db, MANAGER_ID, articleId)).toBeUndefined();

      await callAction(autosaveAction, s, "/admin/api/autosave", {
        key: NEW_ARTICLE_KEY,
        title: "쓰다 만 새 글",
        tag: "",
        status: "draft",
        publishedAt: "",
        contents: "<p>새 글</p>",
      });
      expect((await recoverableCopy(s.db, MANAGER_ID, NEW_ARTICLE_KEY))?.fields.title).toBe("쓰다 만 새 글");
      await created(s, articleForm({ title: "쓰다 만 새 글", status: "draft" }));
      expect(await getAutosave(s.db, MANAGER_ID, NEW_ARTICLE_KEY)).toBeUndefined();
    });

    test("a save refused because another manager saved first answers their version beside the one sent", async () => {
      const s = services();
      const first = await created(s, articleForm({ title: "충돌 글", contents: "<p>처음 쓴 문장입니다.</p>" }));
      const theirs = await send(
        s,
        articleForm({
          id: first.id,
          version: first.version,
          title: "충돌 글",
          contents: "<p>먼저 고친 문장입니다.</p>",
        }),
      );
      expect(theirs, theirs.message).toMatchObject({ ok: true });
      const files = await storedFiles(s);
      const revisions = await listRevisions(s.db, articleHistory, first.id);

      // Sent over the version it was loaded at, with a new picture that must not stay behind.
      const refused = await send(
        s,
        articleForm({
          id: first.id,
          version: first.version,
          title: "충돌 글",
          contents: "<p>나중에 고친 문장입니다.</p>",
          images: [{ file: await photo("#3366aa"), alt: "새 사진" }],
        }),
      );
      expect(refused).toMatchObject({ ok: false, status: 409, conflict: true });
      expect(refused.theirs).toMatchObject({ savedBy: MANAGER, fields: ["본문", "사진"] });
      expect(Date.parse(refused.theirs?.savedAt ?? "")).not.toBeNaN();
      const parts = refused.theirs?.parts ?? [];
      expect(parts.filter((part) => part.kind === "removed").map((part) => part.text.trim())).toContain("먼저");
      expect(parts.filter((part) => part.kind === "added").map((part) => part.text.trim())).toContain("나중에");
      expect(parts.some((part) => part.kind === "same" && part.text.includes("고친 문장입니다."))).toBe(true);
      // Comparing wrote nothing: the article, its history and the stored files are as they were.
      expect((await getEditableArticle(s.db, s.storage, first.id))?.contents).toBe("<p>먼저 고친 문장입니다.</p>");
      expect(await listRevisions(s.db, articleHistory, first.id)).toEqual(revisions);
      expect(await storedFiles(s)).toEqual(files);

      // A single document's refused save gets the same view.
      const leaders = await getLeaders(s.db);
      const rows = (name: string) => [
        { ...leaders.value.leaders[0], name } as { name: string; phoneNumber: string },
        ...leaders.value.leaders.slice(1),
      ];
      await postCommand(s, "leaders", leadersForm(leaders.version, rows("먼저회장")));
      const late = await postCommand(s, "leaders", leadersForm(leaders.version, rows("나중회장")));
      expect(late.body).toMatchObject({ status: 409, theirs: { fields: ["회장"] } });
    });
  },
  { demo: true },
);
