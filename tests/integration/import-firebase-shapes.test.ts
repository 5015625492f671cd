import { afterEach, describe, expect, test } from "vitest";
import { getAdmissionInfo, saveAdmissionInfo } from "#server/domain/admissions/admissions.ts";
import { writeWithFiles } from "#server/domain/files/files.ts";
import { demoSiteSettings, getSiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { ImportRefusedError } from "#server/import/firestore.ts";
import { importFirebaseExport } from "#server/import/run-import.ts";
import { seedSiteFrame } from "#server/seed/seed.ts";
import { request, serveBuiltSite } from "./support/built-site.ts";
import { engines, openTestServices } from "./support/databases.ts";
import {
  ARTICLE_WITH_PHOTOS,
  EXAMPLE_DOCUMENTS,
  type ExportFolder,
  exportImportFiles,
  fixtureCollections,
  importHere,
  mended,
  perCollection,
  reportSection,
  runImport,
  wrapped,
  writeExport,
} from "./support/firebase-exports.ts";

/**
 * The same export in each shape real tools leave it (node-firestore-import-export with and
 * without its outer wrapper, run on the whole database or on each collection; firestore-export-
 * import's per-collection files; Storage with or without the bucket's folder), an export that
 * comes over whole, damaged documents, exports that cannot be read, and an empty site: each into
 * a database of its own, with the report `npm run import:firebase` prints, its exit status and
 * the pages the built site then shows (`npm run build` first). The imports run in this process
 * (importHere: the functions the command calls); the command itself is started only to check
 * how it refuses, here, and how it reports, in import-firebase.test.ts.
 */

/** Each test imports once or twice: as long as a busy machine needs. */
const COMMAND_TIMEOUT = 180_000;

/** information/leaders as the tool writes it: every small export needs one. */
const LEADERS = {
  leaders: [
    { name: "김하늘", phoneNumber: "010-1234-5678" },
    { name: "이바다", phoneNumber: "010-2345-6789" },
  ],
  __collections__: {},
};

for (const engine of engines) {
  describe(`import from the original site, every shape [${engine}]`, () => {
    const opened: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const close of opened.splice(0)) await close();
    });

    /** A database and data folder of the test's own, an export folder, and the built site over them. */
    async function setUp(folder: ExportFolder) {
      const { services, close } = await openTestServices(engine);
      const site = await serveBuiltSite(services);
      opened.push(folder.remove, close, site.close);
      const page = async (address: string) => {
        const response = await request(`${site.base}${address}`);
        expect(response.status, address).toBe(200);
        return response.body;
      };
      return { services, page, run: () => importHere(services, folder.dir) };
    }

    /** What every shape of the example export must show: the same report and the same pages. */
    async function expectTheExample(setup: Awaited<ReturnType<typeof setUp>>, read: string) {
      const result = await setup.run();
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(`Read ${read}.`);
      expect(reportSection(result.stdout, "Documents")).toEqual(EXAMPLE_DOCUMENTS);
      expect(reportSection(result.stdout, "Left out of records that came in")).toHaveLength(3);
      const article = await setup.page(`/community/media/${ARTICLE_WITH_PHOTOS}`);
      const picture = new RegExp(`<img src="(/uploads/media/${ARTICLE_WITH_PHOTOS}/[0-9a-f]+\\.webp)"`).exec(article);
      expect(picture?.[1]).toBeDefined();
      const sitemap = await setup.page("/sitemap.xml");
      expect(sitemap).toContain(`${ARTICLE_WITH_PHOTOS}</loc><lastmod>2024-03-30T09:00:00.000Z</lastmod>`);
      const feed = await setup.page("/community/feed");
      for (const caption of ["게임잼 발표회", "새벽 네 시의 해커톤", "여름 해커톤 준비 모임", "개강 총회 단체 사진"]) {
        expect(feed).toContain(caption);
      }
      expect(await setup.page("/archive/calendar?month=2024-07")).toContain("여름 해커톤");
      return result;
    }

    test(
      "the whole database without its outer wrapper, Storage without the bucket's folder",
      async () => {
        const folder = await writeExport({ "firestore.json": await fixtureCollections() }, "bucket root");
        await expectTheExample(await setUp(folder), "firestore.json (collections by name)");
      },
      COMMAND_TIMEOUT,
    );

    test(
      "node-firestore-import-export run on each collection: one file per collection",
      async () => {
        const folder = await writeExport(perCollection(await fixtureCollections()));
        const result = await expectTheExample(
          await setUp(folder),
          "about.json (one collection's documents), archive.json (one collection's documents), " +
            "community_activity_courses.json (one collection's documents), community_activity_main.json (one collection's documents), " +
            "community_feed.json (one collection's documents), community_media.json (one collection's documents), " +
            "information.json (one collection's documents)",
        );
        expect(result.progress).toContainEqual({ kind: "article", done: 4, total: 4 });
      },
      COMMAND_TIMEOUT,
    );

    test(
      "firestore-export-import's files, with timestamps in both of the Admin SDK's forms",
      async () => {
        const files = exportImportFiles(await fixtureCollections(), (name) =>
          name === "community_media" ? "_seconds" : "seconds",
        );
        const folder = await writeExport(files, "bucket root");
        const setup = await setUp(folder);
        await expectTheExample(
          setup,
          "about.json (collections by name), archive.json (collections by name), community_activity_courses.json (collections by name), " +
            "community_activity_main.json (collections by name), community_feed.json (collections by name), " +
            "community_media.json (collections by name), information.json (collections by name)",
        );
        // The calendar's timestamps, written as {seconds, nanoseconds}.
        expect(await setup.page("/archive/calendar?month=2024-07")).toContain("공학관 대강당");
      },
      COMMAND_TIMEOUT,
    );

    test(
      "an export that comes over whole exits 0 and fills the site settings with its identity",
      async () => {
        const collections = mended(await fixtureCollections());
        collections.information = {
          ...collections.information,
          contact: {
            address: "한빛대학교 공학관 204호",
            email: "syntax@hanbit.example",
            social: {
              instagram: "https://www.instagram.com/syntax.hanbit",
              github: "https://github.com/syntax-hanbit",
            },
            homepage: "https://syntax.hanbit.example",
            __collections__: {},
          },
        };
        const folder = await writeExport({ "firestore.json": wrapped(collections) });
        const setup = await setUp(folder);

        const result = await setup.run();
        expect(result.code, result.stdout).toBe(0);
        expect(result.stdout).toContain("Result: everything came over (exit status 0).");
        expect(reportSection(result.stdout, "Skipped")).toEqual([]);
        expect(reportSection(result.stdout, "Documents")).toContain(
          "information/contact: merged: into the site settings: siteUrl, address, email, social.instagram, social.github.",
        );
        expect(result.stdout).toContain(
          "taken from the export: siteUrl (information/contact), address (information/contact), email (information/contact), " +
            "social.instagram (information/contact), social.github (information/contact), clubName (the magazine PDFs' names)",
        );
        expect(result.stdout).toContain(
          "not in the export: subtitle, description, foundedYear, social.facebook, social.youtube",
        );
        const { value } = await getSiteSettings(setup.services.db);
        expect(value).toMatchObject({
          clubName: "SYNTAX",
          siteUrl: "https://syntax.hanbit.example",
          address: "한빛대학교 공학관 204호",
        });
        const contact = await setup.page("/about/contact");
        for (const shown of [
          "한빛대학교 공학관 204호",
          "syntax@hanbit.example",
          "https://www.instagram.com/syntax.hanbit",
        ]) {
          expect(contact).toContain(shown);
        }
        for (const demo of ["새솔", "saesol"]) expect(contact).not.toContain(demo);
      },
      COMMAND_TIMEOUT,
    );

    test(
      "damaged documents are skipped and named, and a mended export fills the gaps on the next run",
      async () => {
        const damaged = {
          "firestore.json": wrapped({
            information: { leaders: LEADERS },
            archive: {
              calendar: { contents: "3/2 개강 총회, 3/15 MT", __collections__: {} },
              odaeho: "지난 호는 동아리방에 있습니다",
            },
            community_feed: { feed: { items: { first: { caption: "사진" } }, __collections__: {} } },
            community_media: {
              a1b2c3d4e5f60718293a4b5c6d7e8f90: {
                title: "첫 글 (고침)",
                tag: "공지",
                published_at: "2024-03-02",
                contents: "<p>본문</p>",
                __collections__: {},
              },
            },
            community_media_backup: { old: { title: "옛 글", __collections__: {} } },
          }),
          // The same article in a file of its own (read first: files are read in name order), older.
          "community_media.json": {
            a1b2c3d4e5f60718293a4b5c6d7e8f90: {
              title: "첫 글",
              tag: "공지",
              published_at: "언젠가",
              contents: "<p>본문</p>",
              __collections__: {},
            },
          },
        };
        const folder = await writeExport(damaged, "none");
        const setup = await setUp(folder);
        const result = await setup.run();
        expect(result.code).toBe(1);
        expect(reportSection(result.stdout, "Documents")).toEqual([
          "archive/calendar: skipped: contents/calendar is '3/2 개강 총회, 3/15 MT', not a list.",
          "archive/odaeho: skipped: '지난 호는 동아리방에 있습니다' is not a document.",
          "community_feed/feed: skipped: items is a record ('first'), not a list.",
          "community_media/a1b2c3d4e5f60718293a4b5c6d7e8f90: skipped: its copy in firestore.json differs from the one in community_media.json, which was read.",
          "community_media/a1b2c3d4e5f60718293a4b5c6d7e8f90: skipped: published_at '언젠가' is not a date.",
          "community_media_backup/old: skipped: the original site had no such document, so nothing here reads it.",
          "information/leaders: imported: 1 leaders",
        ]);

        // The calendar written as JSON text is read as the list it writes, and that choice named.
        const mendedCalendar = structuredClone(damaged);
        const archive = (mendedCalendar["firestore.json"].__collections__ as Record<string, Record<string, unknown>>)
          .archive;
        if (archive)
          archive.calendar = {
            contents: JSON.stringify({ calendar: [{ title: "개강 총회", start: "2024-03-02" }] }),
            __collections__: {},
          };
        await writeExport(mendedCalendar, "none").then(async (next) => {
          opened.push(next.remove);
          const again = await importHere(setup.services, next.dir);
          expect(again.code).toBe(1);
          expect(reportSection(again.stdout, "Documents")).toContain("archive/calendar: imported: 1 calendar events");
          expect(reportSection(again.stdout, "Values kept by a choice")).toEqual([
            expect.stringContaining("(개강 총회): contents was JSON text: read as the list it writes."),
          ]);
          expect(reportSection(again.stdout, "Documents")).toContain(
            "information/leaders: already imported: 1 leaders, by an earlier run",
          );
        });
        expect(await setup.page("/archive/calendar?month=2024-03")).toContain("개강 총회");
      },
      COMMAND_TIMEOUT,
    );

    test(
      "an export that cannot be read imports nothing",
      async () => {
        const folder = await writeExport({ "firestore.json": '{ "__collections__": ' }, "none");
        const setup = await setUp(folder);
        const broken = importHere(setup.services, folder.dir);
        await expect(broken).rejects.toThrow(ImportRefusedError);
        await expect(broken).rejects.toThrow("firestore.json is not JSON");
        const empty = await writeExport({}, "none");
        opened.push(empty.remove);
        await expect(importFirebaseExport(setup.services, empty.dir)).rejects.toThrow(ImportRefusedError);
        await expect(importFirebaseExport(setup.services, `${empty.dir}/missing`)).rejects.toThrow(
          "is neither an export folder nor a JSON file",
        );
        expect(await setup.services.db.selectFrom("documents").select("key").execute()).toEqual([]);
      },
      COMMAND_TIMEOUT,
    );

    // The command's refusals are the same on every engine: started once, in the first pass.
    test.skipIf(engine !== engines[0])(
      "the command refuses an export that cannot be read, or a wrong command, and exits 2",
      async () => {
        const folder = await writeExport({ "firestore.json": '{ "__collections__": ' }, "none");
        const { services, close } = await openTestServices(engine);
        opened.push(folder.remove, close);
        const broken = await runImport(services, [folder.dir]);
        expect(broken.code).toBe(2);
        expect(broken.stderr).toContain("Nothing was imported.");
        expect(broken.stderr).toContain("firestore.json is not JSON");
        const usage = await runImport(services, []);
        expect(usage.code).toBe(2);
        expect(usage.stdout).toContain("Usage: npm run import:firebase -- EXPORT_DIR [--dry-run]");
        expect(await services.db.selectFrom("documents").select("key").execute()).toEqual([]);
      },
      COMMAND_TIMEOUT,
    );

    test(
      "an empty site takes the import: its documents and the demo's identity are replaced",
      async () => {
        const folder = await writeExport(
          {
            "firestore.json": wrapped({
              information: {
                leaders: LEADERS,
                admission_info: {
                  meta: { isRecruiting: "true", title: "가을 모집" },
                  schedules: {
                    "0": {
                      title: "서류 접수",
                      date: { __datatype__: "timestamp", value: { _seconds: 1725116400, _nanoseconds: 0 } },
                    },
                  },
                  faqs: [{ question: "언제 모이나요?", answer: "매주 목요일입니다." }, "질문만 남은 항목"],
                  __collections__: {},
                },
              },
            }),
          },
          "none",
        );
        const setup = await setUp(folder);
        // As a site started without the demo's content: settings (here still the demo's), a home
        // page and an empty admission page, no content.
        const { db, storage } = setup.services;
        await writeWithFiles(db, storage, (trx, files) =>
          seedSiteFrame(trx, files, demoSiteSettings("http://localhost:3000")),
        );
        await saveAdmissionInfo(
          db,
          {
            meta: { isRecruiting: false, imageFileId: null, title: "모집", description: "", applyUrl: "" },
            schedules: [],
            faqs: [],
          },
          undefined,
        );

        const result = await setup.run();
        expect(result.code).toBe(1);
        expect(reportSection(result.stdout, "Left out of records that came in")).toEqual([
          "information/admission_info (모집 안내): faqs[1] '질문만 남은 항목': it is no record of fields.",
        ]);
        const settings = (await getSiteSettings(db)).value;
        expect(settings.clubName).not.toBe("KERNEL");
        expect(settings.email).toBe("");
        const admission = (await getAdmissionInfo(db)).value;
        expect(admission.meta).toMatchObject({ isRecruiting: true, title: "가을 모집" });
        expect(admission.schedules).toEqual([expect.objectContaining({ title: "서류 접수", date: "2024-09-01" })]);
        expect(admission.faqs).toHaveLength(1);
        expect(await setup.page("/join")).toContain("언제 모이나요?");
      },
      COMMAND_TIMEOUT,
    );
  });
}
