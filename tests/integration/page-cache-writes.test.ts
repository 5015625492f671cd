import { expect, test } from "vitest";
import { getAdmissionInfo } from "#server/domain/admissions/admissions.ts";
import { contentTypes } from "#server/domain/content-types.ts";
import { getHomeContent } from "#server/domain/home/home.ts";
import { getLeaders } from "#server/domain/leaders/leaders.ts";
import { getRules } from "#server/domain/rules/rules.ts";
import { getSiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { admissionsForm, homeForm, leadersForm, ruleRowsOf, rulesForm, settingsForm } from "../support/admin-forms.ts";
import { imageFile, pdfDocument } from "../support/files.ts";
import { multipartForm, postCommand } from "./support/admin-requests.ts";
import { request, serveBuiltSiteForSuite } from "./support/built-site.ts";
import { describeEachDatabase, type TestServices } from "./support/databases.ts";

/**
 * For every kind of content a manager writes that a public page shows: that page is served from
 * the cache, the manager saves through the admin write endpoint, and the very next load of that
 * page shows the change. A kind missing here is a failing test below, not a silent gap.
 */
type Form = FormData | Record<string, string | string[]>;

interface Case {
  /** The page (or feed) that shows this kind of content. */
  page: string;
  /** The words the write puts on that page. */
  shows: string;
  /**
   * The manager's writes, as the admin pages send them: `save` posts a form to this kind's
   * endpoint, checks it succeeded and returns the new record's id, if any.
   */
  writes(services: TestServices, save: (form: Form) => Promise<string>): Promise<unknown>;
}

/** A minute ago on the club's clock (Korea), as the article editor's date field sends it. */
const aMinuteAgoInKorea = () => new Date(Date.now() + 9 * 3_600_000 - 60_000).toISOString().slice(0, 16);

const cases: Record<string, Case> = {
  articles: {
    page: "/community/media",
    shows: "캐시를 건너뛴 새 기사",
    writes: (_, save) =>
      save({
        intent: "create",
        title: "캐시를 건너뛴 새 기사",
        tag: "공지",
        publishedAt: aMinuteAgoInKorea(),
        contents: "<p>본문</p>",
      }),
  },
  activities: {
    page: "/community/activity/main",
    shows: "캐시 너머 해커톤",
    writes: (_, save) => save({ intent: "create", year: "2031", title: "캐시 너머 해커톤", direction: "left" }),
  },
  courses: {
    page: "/community/activity/courses",
    shows: "캐시 너머 프로젝트",
    writes: async (_, save) => {
      const periodId = await save({ intent: "create-period", name: "2099-1학기" });
      await save({ intent: "create-entry", periodId, kind: "project", title: "캐시 너머 프로젝트" });
    },
  },
  feed: {
    page: "/community/feed",
    shows: "캐시 너머 사진",
    writes: async (_, save) =>
      save(
        multipartForm({
          intent: "create",
          caption: "캐시 너머 사진",
          postedAt: "2099-05-01",
          image: await imageFile(),
        }),
      ),
  },
  odaeho: {
    page: "/archive/odaeho",
    shows: "캐시 너머 회지",
    writes: async (_, save) =>
      save(
        multipartForm({
          intent: "create",
          title: "캐시 너머 회지",
          publishedAt: "2099-12-20",
          thumbnail: await imageFile("cover.png"),
          pdf: pdfDocument("special.pdf"),
        }),
      ),
  },
  rules: {
    page: "/archive/rule",
    shows: "제99조 캐시는 바로 비운다",
    writes: async (services, save) => {
      const { value, version } = await getRules(services.db);
      await save(rulesForm(version, "제99조 캐시는 바로 비운다", ruleRowsOf(value)));
    },
  },
  calendar: {
    page: "/calendar.ics",
    shows: "캐시 너머 총회",
    writes: (_, save) =>
      save({
        intent: "create",
        title: "캐시 너머 총회",
        startDate: "2099-12-18",
        startTime: "18:00",
        endDate: "2099-12-18",
        endTime: "21:00",
        location: "학생회관",
        description: "",
      }),
  },
  admissions: {
    page: "/join",
    shows: "캐시 너머 모집",
    writes: async (services, save) => {
      const { value, version } = await getAdmissionInfo(services.db);
      await save(admissionsForm({ version, info: { ...value, meta: { ...value.meta, title: "캐시 너머 모집" } } }));
    },
  },
  organization: {
    page: "/about/organization",
    shows: "캐시 너머 기획부",
    writes: async (_, save) => {
      const id = await save({ intent: "create-group" });
      await save({ intent: "update-group", id, version: "1", title: "캐시 너머 기획부" });
    },
  },
  leaders: {
    page: "/about/contact",
    shows: "캐시너머회장",
    writes: async (services, save) => {
      const { value, version } = await getLeaders(services.db);
      const [, ...others] = value.leaders;
      await save(leadersForm(version, [{ name: "캐시너머회장", phoneNumber: "010-9999-0000" }, ...others]));
    },
  },
  "site-settings": {
    page: "/about",
    shows: "캐시 너머의 동아리 소개",
    writes: async (services, save) => {
      const { value, version } = await getSiteSettings(services.db);
      await save(settingsForm(version, value, { description: "캐시 너머의 동아리 소개" }));
    },
  },
  home: {
    page: "/",
    shows: "캐시 너머의 첫 화면 소개",
    writes: async (services, save) => {
      const { value, version } = await getHomeContent(services.db);
      await save(homeForm(version, value, { intro: "캐시 너머의 첫 화면 소개" }));
    },
  },
};

describeEachDatabase(
  "the page cache after each kind of admin write",
  (services) => {
    const site = serveBuiltSiteForSuite(services);

    test("every kind of content the admin writes has a case here", () => {
      // Managers' accounts are on no public page.
      const shown = contentTypes.filter((type) => type.publicPages.length > 0);
      expect(Object.keys(cases).sort()).toEqual(shown.map((type) => type.name).sort());
    });

    for (const [type, { page, shows, writes }] of Object.entries(cases)) {
      test(`${type}: ${page} shows the change on the next load`, async () => {
        const before = await request(`${site.base}${page}`);
        expect(before.status).toBe(200);
        expect(before.body).not.toContain(shows);
        // The page is now kept: the second load is the cached copy.
        const cached = await request(`${site.base}${page}`);
        expect(cached.headers.etag).toBe(before.headers.etag);
        expect(services().pageCache.size).toBeGreaterThan(0);

        await writes(services(), async (form) => {
          const { status, body: answer } = await postCommand(services(), type, form);
          expect(answer, `${type}: ${answer.message}`).toMatchObject({ ok: true });
          expect(status).toBe(200);
          return typeof answer.data === "string" ? answer.data : "";
        });

        const after = await request(`${site.base}${page}`);
        expect(after.status).toBe(200);
        expect(after.body).toContain(shows);
        expect(after.headers.etag).not.toBe(before.headers.etag);
      });
    }
  },
  { demo: true },
);
