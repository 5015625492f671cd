import { afterAll, beforeAll, expect, test } from "vitest";
import { backedUpTables } from "#server/backup/tables.ts";
import { getAdmissionInfo } from "#server/domain/admissions/admissions.ts";
import { getLeaders } from "#server/domain/leaders/leaders.ts";
import { publicPagePaths } from "#server/domain/seo/public-pages.ts";
import { getSiteSetup, loadSetupStatus } from "#server/domain/site-settings/identity.ts";
import {
  demoSiteSettings,
  getSiteSettings,
  type SiteSettings,
  saveSiteSettings,
} from "#server/domain/site-settings/site-settings.ts";
import * as demo from "#server/seed/demo-content.ts";
import { startEmptySite } from "#server/seed/empty-site.ts";
import { settingsForm } from "../support/admin-forms.ts";
import { postCommand } from "./support/admin-requests.ts";
import { type BuiltSite, request, serveBuiltSite } from "./support/built-site.ts";
import { describeEachDatabase } from "./support/databases.ts";

/**
 * DEMO_CONTENT=false on an empty database, seen on the real, built site (`npm run build` first):
 * every public page, feed and sitemap renders with nothing of the demo club in it, and what the
 * first manager enters on the setup page shows on all of them, with the public address.
 */

/** The address visitors use in these tests: no SITE_URL, so links come from the request. */
const VISITED_HOST = "club.example.org";

/** Everything of the demo club's identity a page could show. */
const demoIdentity = (() => {
  const settings = demoSiteSettings();
  return [
    settings.clubName,
    settings.subtitle,
    settings.description,
    settings.address,
    settings.email,
    ...Object.values(settings.social),
    settings.partners.activitySystem.url,
    settings.partners.learningSite.url,
    ...demo.leaders.flatMap((leader) => [leader.name, leader.phoneNumber]),
    "새솔",
    "saesol",
  ];
})();

/** Every public address: the pages, an unknown one (the 404 page), the feeds and files made for sharing. */
const publicAddresses = [
  ...publicPagePaths,
  "/no-such-page",
  "/rss.xml",
  "/calendar.ics",
  "/sitemap.xml",
  "/robots.txt",
  "/manifest.webmanifest",
  "/brand/logo-mark.svg",
  "/brand/logo-mark.png",
  "/favicon.ico",
];

const answers: SiteSettings = {
  clubName: "오픈소스연구회",
  subtitle: "한빛대학교 소프트웨어 동아리",
  description: "함께 오픈소스에 기여하는 한빛대학교 동아리입니다.",
  foundedYear: 1998,
  siteUrl: "https://oss.hanbit.example",
  address: "대전광역시 한빛구 한빛로 12, 학생회관 204호",
  email: "oss@hanbit.example",
  social: {
    instagram: "https://www.instagram.com/oss.hanbit",
    facebook: "",
    github: "https://github.com/oss-hanbit",
    youtube: "",
  },
  partners: {
    activitySystem: { label: "활동 관리 시스템", url: "" },
    learningSite: { label: "학습 관리 사이트", url: "" },
  },
};

describeEachDatabase("a site of its own (DEMO_CONTENT=false)", (services) => {
  let site: BuiltSite;
  const get = (path: string) => request(`${site.base}${path}`, { headers: { host: VISITED_HOST } });

  beforeAll(async () => {
    // No SITE_URL: the address a visitor uses is the one links are made from.
    services().config.siteUrl = undefined;
    await expect(startEmptySite(services())).resolves.toBe("seeded");
    site = await serveBuiltSite(services());
  }, 120_000);
  afterAll(() => site?.close());

  test("starts with no content, no leaders, admissions closed and nothing of the demo's identity", async () => {
    const { db } = services();
    // Every content table but the single documents and their revisions.
    const lists = backedUpTables.filter(
      (table) => table.group === "content" && table.name !== "documents" && table.name !== "revisions",
    );
    for (const { name: table } of lists) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      expect(Number(row.count), table).toBe(0);
    }
    await expect(getLeaders(db)).resolves.toMatchObject({ value: { leaders: [] } });
    await expect(getAdmissionInfo(db)).resolves.toMatchObject({ value: { meta: { isRecruiting: false } } });
    const settings = (await getSiteSettings(db)).value;
    expect(Object.values({ ...settings, social: "", partners: "" }).filter((value) => value)).toEqual([]);
    await expect(getSiteSetup(db)).resolves.toEqual({ startedAsDemo: false, postponed: false });
    // A second start finds the site and leaves it alone.
    await expect(startEmptySite(services())).resolves.toBe("skipped");
  });

  test("every public page, feed and the sitemap answers, with nothing of the demo's and no loopback address", async () => {
    for (const path of publicAddresses) {
      const { status, body } = await get(path);
      expect(status, path).toBe(path === "/no-such-page" ? 404 : 200);
      for (const demoValue of demoIdentity) expect(body, `${path} shows "${demoValue}"`).not.toContain(demoValue);
      expect(body, path).not.toMatch(/localhost|127\.0\.0\.1/);
    }
    const sitemap = (await get("/sitemap.xml")).body;
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(publicPagePaths.map((path) => `http://${VISITED_HOST}${path}`));
    const home = (await get("/")).body;
    expect(home).toContain(`<link rel="canonical" href="http://${VISITED_HOST}/"/>`);
    expect(home).toContain("<title>동아리 홈페이지</title>");
    // The link preview the home page names is the club's card, drawn.
    const preview = /<meta property="og:image" content="http:\/\/club\.example\.org(\/previews\/[^"]+)"/.exec(
      home,
    )?.[1];
    const card = await fetch(`${site.base}${preview}`);
    expect(card.status).toBe(200);
    expect(card.headers.get("content-type")).toBe("image/png");
    const contact = (await get("/about/contact")).body;
    expect(contact).toContain("연락처가 아직 올라오지 않았습니다.");
  });

  test("the setup is offered, and lists every part of the identity as missing", async () => {
    const status = await loadSetupStatus(services().db, services().config);
    expect(status).toMatchObject({ finished: false, offerSetup: true });
    expect(status.missing.map((item) => [item.key, item.state])).toEqual([
      ["clubName", "unset"],
      ["subtitle", "unset"],
      ["email", "unset"],
      ["address", "unset"],
      ["siteUrl", "unset"],
      ["social", "unset"],
      ["description", "unset"],
      ["partners", "unset"],
    ]);
  });

  test("values still the demo's (an import that left them) count as unset and show on no page", async () => {
    const { db, config } = services();
    const stored = await getSiteSettings(db);
    // What an import that kept the demo's identity would leave behind.
    await saveSiteSettings(db, { ...demoSiteSettings(), clubName: "이어받은 동아리" }, stored.version);
    await services().pageCache.invalidate();
    try {
      const status = await loadSetupStatus(db, config);
      expect(status.missing.map((item) => item.key)).not.toContain("clubName");
      expect(status.missing.filter((item) => item.state === "demo")).toEqual([]);
      expect(status.missing.map((item) => item.key)).toEqual(expect.arrayContaining(["subtitle", "email", "address"]));
      for (const path of publicAddresses) {
        const { body } = await get(path);
        for (const demoValue of demoIdentity) expect(body, `${path} shows "${demoValue}"`).not.toContain(demoValue);
      }
      await expect(get("/")).resolves.toMatchObject({ body: expect.stringContaining("이어받은 동아리") });
    } finally {
      const current = await getSiteSettings(db);
      await saveSiteSettings(db, stored.value, current.version);
      await services().pageCache.invalidate();
    }
  });

  test("the setup's answers show on every page, in the feeds and in the sitemap, with the public address", async () => {
    const { db, config } = services();
    const { version } = await getSiteSettings(db);
    const saved = await postCommand(services(), "site-settings", settingsForm(version, answers));
    expect(saved.body).toMatchObject({ ok: true });
    await expect(loadSetupStatus(db, config)).resolves.toMatchObject({ finished: true, offerSetup: false });

    const site = answers.siteUrl;
    for (const path of publicPagePaths) {
      const { status, body } = await get(path);
      expect(status, path).toBe(200);
      expect(body, path).toContain(`<link rel="canonical" href="${site}${path}"/>`);
      expect(body, path).toContain(`<meta property="og:site_name" content="${answers.clubName}"/>`);
      expect(body, path).toMatch(new RegExp(`<meta property="og:image" content="${site}/previews/`));
      // The footer, on every page: the name, subtitle, address, e-mail and social links.
      for (const value of [answers.subtitle, answers.address, answers.email, ...Object.values(answers.social)]) {
        if (value) expect(body, `${path} lacks "${value}"`).toContain(value);
      }
      expect(body, path).not.toContain(VISITED_HOST);
    }
    const rss = (await get("/rss.xml")).body;
    expect(rss).toContain(`<title>${answers.clubName} 미디어</title>`);
    expect(rss).toContain(`<link>${site}/community/media</link>`);
    expect(rss).toContain(`<description>${answers.description}</description>`);
    const calendar = (await get("/calendar.ics")).body;
    expect(calendar).toContain(`URL:${site}/archive/calendar`);
    expect(calendar).toContain(`X-WR-CALNAME:${answers.clubName} 캘린더`);
    const sitemap = (await get("/sitemap.xml")).body;
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(publicPagePaths.map((path) => `${site}${path}`));
    await expect(get("/robots.txt")).resolves.toMatchObject({
      body: expect.stringContaining(`Sitemap: ${site}/sitemap.xml`),
    });
    const manifest = JSON.parse((await get("/manifest.webmanifest")).body) as { name: string; description: string };
    expect(manifest).toMatchObject({ name: answers.clubName, description: answers.description });
  });

  test("“나중에” stops the setup being offered; the checklist stays until it is finished", async () => {
    const { db, config } = services();
    const stored = await getSiteSettings(db);
    await saveSiteSettings(db, { ...stored.value, email: "", subtitle: "" }, stored.version);
    await expect(loadSetupStatus(db, config)).resolves.toMatchObject({ finished: false, offerSetup: true });
    const postponed = await postCommand(services(), "site-settings", { intent: "postpone" });
    expect(postponed.body).toMatchObject({ ok: true, message: "사이트 첫 설정을 나중에 하기로 했습니다" });
    const status = await loadSetupStatus(db, config);
    expect(status).toMatchObject({ finished: false, offerSetup: false });
    expect(status.missing.map((item) => item.key)).toEqual(["subtitle", "email", "partners"]);
  });
});
