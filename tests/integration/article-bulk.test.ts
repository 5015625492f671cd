import { beforeAll, expect, test } from "vitest";
import { countArticles, getArticle, listArticles, listArticleTags } from "#server/domain/articles/articles.ts";
import { articleHistory } from "#server/domain/articles/history.ts";
import { getEditableArticle } from "#server/domain/articles/manage.ts";
import { listRevisions, readRevision } from "#server/domain/revisions/revisions.ts";
import { listSitemapEntries } from "#server/domain/seo/sitemap.ts";
import { seoulDateTimeInput } from "#shared/dates.ts";
import { MAX_SELECTED, selectedValue } from "#shared/list-selection.ts";
import { auditEntries, storedKeysMatchRows } from "../support/stored-content.ts";
import { MANAGER } from "./support/admin-requests.ts";
import { articleForm, created, imageRows, keysUnder, photo, send } from "./support/article-forms.ts";
import { describeEachDatabase, type TestServices } from "./support/databases.ts";

/**
 * The articles chosen in the admin list, deleted or taken off the public site together: one
 * write, one transaction, each article checked at the version its row showed, one audit entry
 * for each article, and every public surface (the media list, search, tag counts, the sitemap,
 * the article's address) without them afterwards.
 */

const TAG = "일괄시험";
const WORD = "일괄처리확인";
const HOUR = 60 * 60 * 1000;

interface Made {
  id: string;
  version: number;
  title: string;
}

describeEachDatabase("bulk changes to articles", (services) => {
  let red: File;
  let green: File;
  beforeAll(async () => {
    [red, green] = await Promise.all([photo("#c33"), photo("#3c3")]);
  });

  const make = async (title: string, fields: { status?: string; images?: { file: File }[] } = {}): Promise<Made> => {
    const status = fields.status ?? "published";
    const at = new Date(Date.now() + (status === "scheduled" ? 2 : -1) * HOUR).toISOString();
    const made = await created(
      services(),
      articleForm({
        title,
        tag: TAG,
        status,
        publishedAt: seoulDateTimeInput(at),
        contents: `<p>${title}: ${WORD} 문장입니다.</p>`,
        images: fields.images ?? [],
      }),
    );
    return { ...made, title };
  };

  const bulk = (intent: string, articles: { id: string; version: number }[]) =>
    send(services(), { intent, selected: articles.map((article) => selectedValue(article.id, article.version)) });

  /** What visitors can find of the test's articles: list, search, tag count, sitemap, address. */
  const publicView = async (s: TestServices, articles: Made[]) => {
    const listed = await listArticles(s.db, s.storage, { page: 1, limit: 50, search: "", tag: TAG });
    const searched = await listArticles(s.db, s.storage, { page: 1, limit: 50, search: WORD, tag: "" });
    const sitemap = new Set((await listSitemapEntries(s.db)).map((entry) => entry.path));
    const addressable = [];
    for (const article of articles) {
      if (await getArticle(s.db, s.storage, article.id)) addressable.push(article.title);
    }
    return {
      listed: (listed?.items ?? []).map((item) => item.title).sort(),
      searched: (searched?.items ?? []).map((item) => item.title).sort(),
      tagCount: (await listArticleTags(s.db)).find((tag) => tag.tag === TAG)?.count ?? 0,
      counted: await countArticles(s.db, TAG),
      inSitemap: articles.filter((article) => sitemap.has(`/community/media/${article.id}`)).map((a) => a.title),
      addressable,
    };
  };

  /** The entries written since `before` were counted; those of one write, by their text. */
  const newEntries = async (s: TestServices, before: number) =>
    (await auditEntries(s.db, "media")).slice(before).sort((a, b) => a.content.localeCompare(b.content));

  test("unpublishing several at once: each becomes a draft, off every public surface, one entry each", async () => {
    const s = services();
    const first = await make("첫째 일괄 글");
    const second = await make("둘째 일괄 글");
    const left = await make("남겨 둘 일괄 글");
    const scheduled = await make("예약한 일괄 글", { status: "scheduled" });
    const draft = await make("이미 초안인 일괄 글", { status: "draft" });
    expect(await publicView(s, [first, second, left])).toEqual({
      listed: ["남겨 둘 일괄 글", "둘째 일괄 글", "첫째 일괄 글"],
      searched: ["남겨 둘 일괄 글", "둘째 일괄 글", "첫째 일괄 글"],
      tagCount: 3,
      counted: 3,
      inSitemap: ["첫째 일괄 글", "둘째 일괄 글", "남겨 둘 일괄 글"],
      addressable: ["첫째 일괄 글", "둘째 일괄 글", "남겨 둘 일괄 글"],
    });

    const before = (await auditEntries(s.db, "media")).length;
    const answer = await bulk("bulk-unpublish", [first, second, scheduled, draft]);
    expect(answer).toMatchObject({ ok: true, status: 200, message: "게시글 3개가 내려졌습니다 (임시 저장)" });
    // One entry for each article that changed; the draft stayed as it was.
    expect(await newEntries(s, before)).toEqual(
      ["둘째 일괄 글", "예약한 일괄 글", "첫째 일괄 글"].map((title) => ({
        type: "normal",
        content: `'${title}' 게시글이 내려졌습니다 (임시 저장)`,
        error: null,
        actor: MANAGER,
      })),
    );
    for (const article of [first, second, scheduled, draft]) {
      const stored = await getEditableArticle(s.db, s.storage, article.id);
      expect(stored?.status, article.title).toBe("draft");
      expect(stored?.version, article.title).toBe(article === draft ? 1 : 2);
    }
    expect(await publicView(s, [first, second, left])).toEqual({
      listed: ["남겨 둘 일괄 글"],
      searched: ["남겨 둘 일괄 글"],
      tagCount: 1,
      counted: 1,
      inSitemap: ["남겨 둘 일괄 글"],
      addressable: ["남겨 둘 일괄 글"],
    });
    // The history keeps the new status, as a save that makes an article a draft keeps it.
    const [newest, ...older] = await listRevisions(s.db, articleHistory, first.id);
    expect(older).toHaveLength(1);
    expect(newest?.actor).toBe(MANAGER);
    const kept = await readRevision(s.db, articleHistory, first.id, newest?.id ?? "");
    expect(kept?.state).toMatchObject({ title: "첫째 일괄 글", status: "draft" });

    // Only drafts chosen: nothing to take down.
    const nothing = await bulk("bulk-unpublish", [{ id: draft.id, version: 1 }]);
    expect(nothing).toMatchObject({ ok: false, status: 400 });
    expect(nothing.message).toContain("이미 임시 저장");
  });

  test("deleting several at once removes them with their images and files, one entry each", async () => {
    const s = services();
    const first = await make("사진 있는 지울 글", { images: [{ file: red }, { file: green }] });
    const second = await make("사진 하나 지울 글", { images: [{ file: green }] });
    const third = await make("초안이라 지울 글", { status: "draft" });
    const kept = await make("지우지 않을 글", { images: [{ file: red }] });
    const fileIds = [...(await imageRows(s, first.id)), ...(await imageRows(s, second.id))].map((row) => row.file_id);
    expect(fileIds).toHaveLength(3);

    const before = (await auditEntries(s.db, "media")).length;
    const answer = await bulk("bulk-delete", [first, second, third]);
    expect(answer).toMatchObject({ ok: true, status: 200, message: "게시글 3개가 삭제되었습니다" });
    expect((await newEntries(s, before)).map((entry) => [entry.type, entry.content])).toEqual(
      [
        ["normal", "'사진 있는 지울 글' 게시글이 삭제되었습니다"],
        ["normal", "'사진 하나 지울 글' 게시글이 삭제되었습니다"],
        ["normal", "'초안이라 지울 글' 게시글이 삭제되었습니다"],
      ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    );
    for (const article of [first, second, third]) {
      expect(await getEditableArticle(s.db, s.storage, article.id)).toBeUndefined();
      expect(await imageRows(s, article.id)).toEqual([]);
      expect(await keysUnder(s, `media/${article.id}`)).toEqual([]);
      expect(await listRevisions(s.db, articleHistory, article.id)).toEqual([]);
    }
    const fileRows = await s.db.selectFrom("files").select("id").where("id", "in", fileIds).execute();
    expect(fileRows).toEqual([]);
    expect(await imageRows(s, kept.id)).toHaveLength(1);
    await storedKeysMatchRows(s);
    const view = await publicView(s, [first, second, third, kept]);
    expect(view.listed).not.toContain("사진 있는 지울 글");
    expect(view.listed).toContain("지우지 않을 글");
    expect(view.searched).not.toContain("사진 하나 지울 글");
    expect(view.inSitemap).toEqual(["지우지 않을 글"]);
  });

  test("one article changed since the list was loaded makes the whole change a conflict; nothing changes", async () => {
    const s = services();
    const first = await make("충돌 시험 첫 글", { images: [{ file: red }] });
    const second = await make("충돌 시험 둘째 글");
    // Someone saves the second meanwhile: the list's version of it is now stale.
    const saved = await send(
      s,
      articleForm({
        id: second.id,
        version: 1,
        title: "충돌 시험 둘째 글 (고침)",
        tag: TAG,
        publishedAt: seoulDateTimeInput(new Date(Date.now() - HOUR).toISOString()),
      }),
    );
    expect(saved).toMatchObject({ ok: true });
    const keys = await keysUnder(s, `media/${first.id}`);

    for (const intent of ["bulk-delete", "bulk-unpublish"]) {
      const before = (await auditEntries(s.db, "media")).length;
      const answer = await bulk(intent, [first, second]);
      expect(answer, intent).toMatchObject({ ok: false, status: 409, conflict: true });
      const verb = intent === "bulk-delete" ? "삭제" : "내리기";
      expect(await newEntries(s, before)).toEqual([
        {
          type: "failure",
          content: `게시글 2개 ${verb}에 실패했습니다`,
          error: "다른 관리자가 먼저 저장했습니다",
          actor: MANAGER,
        },
      ]);
    }
    expect((await getEditableArticle(s.db, s.storage, first.id))?.status).toBe("published");
    expect((await getEditableArticle(s.db, s.storage, second.id))?.version).toBe(2);
    expect(await imageRows(s, first.id)).toHaveLength(1);
    expect(await keysUnder(s, `media/${first.id}`)).toEqual(keys);
    expect((await publicView(s, [first])).addressable).toEqual(["충돌 시험 첫 글"]);

    // An article deleted meanwhile: the change is refused as well, the list is to be reloaded.
    const gone = await bulk("bulk-delete", [first, { id: "0".repeat(32), version: 1 }]);
    expect(gone).toMatchObject({ ok: false, status: 404 });
    expect(await getEditableArticle(s.db, s.storage, first.id)).toBeDefined();
  });

  test("too many, none, or an unreadable choice is refused before anything is written", async () => {
    const s = services();
    const many = Array.from({ length: MAX_SELECTED + 1 }, (_, index) => ({
      id: index.toString(16).padStart(32, "a"),
      version: 1,
    }));
    for (const intent of ["bulk-delete", "bulk-unpublish"]) {
      const tooMany = await bulk(intent, many);
      expect(tooMany).toMatchObject({ ok: false, status: 400 });
      expect(tooMany.message).toBe(
        `한 번에 게시글 ${MAX_SELECTED}개까지 고를 수 있습니다. ${MAX_SELECTED + 1}개를 골랐으니 나누어 진행해 주세요.`,
      );
      expect(await bulk(intent, [])).toMatchObject({ ok: false, status: 400, message: "게시글을 먼저 골라 주세요." });
    }
    // Entries written within the same millisecond have no order between them: count, not last.
    const refusals = async () =>
      (await auditEntries(s.db, "media")).filter(
        (entry) => entry.type === "failure" && entry.content === "게시글 1개 삭제에 실패했습니다",
      ).length;
    const refusedBefore = await refusals();
    const unreadable = await send(s, { intent: "bulk-delete", selected: ["not an article"] });
    expect(unreadable).toMatchObject({ ok: false, status: 400 });
    expect(await refusals()).toBe(refusedBefore + 1);
  });
});
