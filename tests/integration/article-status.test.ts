import { afterAll, beforeAll, expect, test } from "vitest";
import { createSession } from "#server/domain/accounts/sessions.ts";
import { listManagedArticles, listPendingArticles } from "#server/domain/articles/admin-list.ts";
import { countArticles, getArticle, listArticles, listArticleTags } from "#server/domain/articles/articles.ts";
import { publishDueArticles, SCHEDULED_PUBLISHER } from "#server/domain/articles/scheduled-publishing.ts";
import { resolvePublicPage } from "#server/domain/seo/public-pages.ts";
import { listSitemapEntries } from "#server/domain/seo/sitemap.ts";
import { getSiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { sessionCookieHeader } from "#server/http/session-guard.ts";
import { seoulDateTimeInput } from "#shared/dates.ts";
import { titleCardPath } from "#shared/preview-images.ts";
import { auditEntries } from "../support/stored-content.ts";
import { newAccount } from "./support/account-steps.ts";
import { articleForm, created, send } from "./support/article-forms.ts";
import { type BuiltSite, request, serveBuiltSite } from "./support/built-site.ts";
import { describeEachDatabase } from "./support/databases.ts";

/**
 * Drafts and scheduled articles are invisible to visitors on every surface (the media list, tags
 * and counts, search, the article's address, RSS, the sitemap, page views) until they are
 * published; a scheduled one is published at its time by the publisher, with no one acting.
 * The built site (`npm run build` first) answers the pages.
 */

const TAG = "상태시험";
const HOUR = 60 * 60 * 1000;

describeEachDatabase(
  "article status",
  (services) => {
    let site: BuiltSite;
    const ids = { published: "", draft: "", scheduled: "" };
    let scheduledAt: Date;

    let clubName: string;
    beforeAll(async () => {
      clubName = (await getSiteSettings(services().db)).value.clubName;
      site = await serveBuiltSite(services());
      scheduledAt = new Date(Math.ceil((Date.now() + 2 * HOUR) / 60_000) * 60_000);
      const make = async (status: string, title: string, publishedAt: Date) =>
        (
          await created(
            services(),
            articleForm({
              title,
              tag: TAG,
              status,
              publishedAt: seoulDateTimeInput(publishedAt.toISOString()),
              contents: `<p>${title}의 본문: 상태별공개시험 문장입니다.</p>`,
            }),
          )
        ).id;
      ids.published = await make("published", "공개된 상태 시험 글", new Date(Date.now() - HOUR));
      ids.draft = await make("draft", "임시 저장한 상태 시험 글", new Date(Date.now() - HOUR));
      ids.scheduled = await make("scheduled", "예약한 상태 시험 글", scheduledAt);
    }, 120_000);
    afterAll(() => site?.close());

    const mediaList = (search = "", tag = "") =>
      listArticles(services().db, services().storage, { page: 1, limit: 50, search, tag });
    const titlesOf = async (page: ReturnType<typeof mediaList>) =>
      ((await page)?.items ?? []).map((item) => item.title);

    test("the demo club has one draft and one article scheduled a week after the seed", async () => {
      const pending = await listPendingArticles(services().db, { search: "", tag: "" });
      const demo = pending.filter((row) => row.tag !== TAG);
      expect(demo.map((row) => row.status).sort()).toEqual(["draft", "scheduled"]);
      const scheduled = demo.find((row) => row.status === "scheduled");
      const days = (Date.parse(scheduled?.publishedAt ?? "") - Date.now()) / (24 * HOUR);
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThan(7.1);
    });

    test("visitors see only the published one: list, tag count, search, address, RSS, sitemap, page views", async () => {
      const s = services();
      expect(await titlesOf(mediaList("", TAG))).toEqual(["공개된 상태 시험 글"]);
      expect(await titlesOf(mediaList("상태별공개시험"))).toEqual(["공개된 상태 시험 글"]);
      expect(await countArticles(s.db, TAG)).toBe(1);
      expect((await listArticleTags(s.db)).find((tag) => tag.tag === TAG)?.count).toBe(1);

      expect(await getArticle(s.db, s.storage, ids.published)).toBeDefined();
      for (const id of [ids.draft, ids.scheduled]) {
        expect(await getArticle(s.db, s.storage, id)).toBeUndefined();
        expect((await request(`${site.base}/community/media/${id}`)).status).toBe(404);
        expect(await resolvePublicPage(s.db, `/community/media/${id}`)).toBeUndefined();
        // Not even its link preview's title card, which would show the title.
        const title = id === ids.draft ? "임시 저장한 상태 시험 글" : "예약한 상태 시험 글";
        const card = titleCardPath(`/community/media/${id}`, title, clubName);
        expect((await request(`${site.base}${card}`)).status).toBe(404);
      }
      expect((await request(`${site.base}/community/media/${ids.published}`)).status).toBe(200);
      const publishedCard = titleCardPath(`/community/media/${ids.published}`, "공개된 상태 시험 글", clubName);
      expect((await request(`${site.base}${publishedCard}`)).status).toBe(200);

      const rss = (await request(`${site.base}/rss.xml`)).body;
      const sitemap = (await listSitemapEntries(s.db)).map((entry) => entry.path);
      const media = (await request(`${site.base}/community/media?tag=${encodeURIComponent(TAG)}`)).body;
      for (const [title, id, shown] of [
        ["공개된 상태 시험 글", ids.published, true],
        ["임시 저장한 상태 시험 글", ids.draft, false],
        ["예약한 상태 시험 글", ids.scheduled, false],
      ] as const) {
        expect(rss.includes(title), `RSS: ${title}`).toBe(shown);
        expect(media.includes(title), `media list: ${title}`).toBe(shown);
        expect(sitemap.includes(`/community/media/${id}`), `sitemap: ${title}`).toBe(shown);
      }
    });

    test("the admin list shows all three with their status, and filters by it", async () => {
      const s = services();
      const pending = await listPendingArticles(s.db, { search: "", tag: TAG });
      // The next to be published first, then the drafts.
      expect(pending.map((row) => [row.title, row.status])).toEqual([
        ["예약한 상태 시험 글", "scheduled"],
        ["임시 저장한 상태 시험 글", "draft"],
      ]);
      expect((await listPendingArticles(s.db, { search: "", tag: TAG, status: "draft" })).map((row) => row.id)).toEqual(
        [ids.draft],
      );
      expect((await listPendingArticles(s.db, { search: "임시", tag: "" })).map((row) => row.id)).toEqual([ids.draft]);
      const published = await listManagedArticles(s.db, { page: 1, limit: 20, search: "", tag: TAG });
      expect(published.items.map((row) => [row.id, row.status])).toEqual([[ids.published, "published"]]);

      const page = await request(`${site.base}/admin/manage-posts?tag=${encodeURIComponent(TAG)}`);
      // Without a session the admin list is not shown at all.
      expect(page.status).not.toBe(200);
    });

    test("a time that does not fit the status is refused next to the date, and nothing is written", async () => {
      const s = services();
      const past = await send(
        s,
        articleForm({ title: "지난 예약", tag: TAG, status: "scheduled", publishedAt: "2020-01-01T09:00" }),
      );
      expect(past.status).toBe(400);
      expect(past.fieldErrors?.publishedAt).toContain("예약 시각은 지금보다 뒤여야 합니다");
      const future = await send(
        s,
        articleForm({
          title: "미래 게시",
          tag: TAG,
          status: "published",
          publishedAt: seoulDateTimeInput(new Date(Date.now() + 48 * HOUR).toISOString()),
        }),
      );
      expect(future.status).toBe(400);
      expect(future.fieldErrors?.publishedAt).toContain("'예약'을 고르세요");
      const unknown = await send(s, articleForm({ title: "이상한 상태", tag: TAG, status: "hidden" }));
      expect(unknown.status).toBe(400);
      expect(unknown.fieldErrors?.status).toBe("게시 상태를 골라 주세요.");
      const titles = await s.db.selectFrom("articles").select("title").where("tag", "=", TAG).execute();
      expect(titles.map((row) => row.title).sort()).toEqual([
        "공개된 상태 시험 글",
        "예약한 상태 시험 글",
        "임시 저장한 상태 시험 글",
      ]);
    });

    test("a signed-in manager previews a draft as visitors would see it; without a session it does not exist", async () => {
      const s = services();
      const preview = `${site.base}/community/media/${ids.draft}/preview`;
      const anonymous = await request(preview);
      expect(anonymous.status).toBe(404);
      expect(anonymous.body).not.toContain("임시 저장한 상태 시험 글");

      const account = await newAccount(s, {
        email: `preview-${Math.random().toString(36).slice(2)}@club.test`,
        password: "a-long-password",
        actor: "test",
      });
      const session = await createSession(s.db, account.id, false);
      const cookie = (await sessionCookieHeader(new Request(site.base), session)).split(";")[0] as string;
      const signedIn = await request(preview, { headers: { cookie } });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body).toContain("임시 저장한 상태 시험 글");
      expect(signedIn.body).toContain("방문자에게는 아직 보이지 않습니다");
      expect(signedIn.headers["cache-control"]).toContain("no-store");
      expect(signedIn.body).toMatch(/<meta name="robots" content="noindex/);
      // The preview leaves the article where it was: still not public.
      expect((await request(`${site.base}/community/media/${ids.draft}`)).status).toBe(404);
      expect((await request(preview)).status).toBe(404);
    });

    test("the scheduled article is published at its time, once, and shows everywhere from then on", async () => {
      const s = services();
      // A minute early, nothing happens.
      expect(await publishDueArticles(s, new Date(scheduledAt.getTime() - 60_000))).toEqual([]);
      expect(await publishDueArticles(s, scheduledAt)).toEqual(["예약한 상태 시험 글"]);
      // Another process looking at the same moment finds nothing left to do.
      expect(await publishDueArticles(s, scheduledAt)).toEqual([]);

      expect(await titlesOf(mediaList("", TAG))).toEqual(["예약한 상태 시험 글", "공개된 상태 시험 글"]);
      expect(await titlesOf(mediaList("상태별공개시험"))).toEqual(["예약한 상태 시험 글", "공개된 상태 시험 글"]);
      expect(await countArticles(s.db, TAG)).toBe(2);
      expect((await request(`${site.base}/community/media/${ids.scheduled}`)).status).toBe(200);
      expect((await request(`${site.base}/rss.xml`)).body).toContain("예약한 상태 시험 글");
      expect(await auditEntries(s.db, "media")).toContainEqual(
        expect.objectContaining({
          actor: SCHEDULED_PUBLISHER,
          content: "예약한 '예약한 상태 시험 글' 게시글이 게시되었습니다",
        }),
      );
    });

    test("a published article turned back into a draft leaves every public surface", async () => {
      const s = services();
      const answer = await send(
        s,
        articleForm({
          id: ids.published,
          version: 1,
          title: "공개된 상태 시험 글",
          tag: TAG,
          status: "draft",
          publishedAt: seoulDateTimeInput(new Date(Date.now() - HOUR).toISOString()),
          contents: "<p>공개된 상태 시험 글의 본문: 상태별공개시험 문장입니다.</p>",
        }),
      );
      expect(answer).toMatchObject({ ok: true, message: "'공개된 상태 시험 글' 게시글이 수정되었습니다 (임시 저장)" });
      expect(await titlesOf(mediaList("", TAG))).toEqual(["예약한 상태 시험 글"]);
      expect(await titlesOf(mediaList("상태별공개시험"))).toEqual(["예약한 상태 시험 글"]);
      expect(await countArticles(s.db, TAG)).toBe(1);
      expect((await request(`${site.base}/community/media/${ids.published}`)).status).toBe(404);
    });
  },
  { demo: true },
);
