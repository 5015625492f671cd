import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Manifest } from "#server/backup/archive.ts";
import { restoreBackup } from "#server/backup/restore.ts";
import { backedUpTables, notBackedUp } from "#server/backup/tables.ts";
import { S3Storage } from "#server/storage/s3.ts";
import { startS3rver } from "../../scripts/lib/s3rver.ts";
import { backupTo, publicPagesOf, storedDigests } from "./support/backups.ts";
import { describeEachDatabase, engines, openTestServices, type TestServices } from "./support/databases.ts";

/** What must come back identical: every table's dump and every file, by checksum. */
const contentOf = (manifest: Manifest) => ({
  schemaVersion: manifest.schemaVersion,
  tables: manifest.tables,
  files: manifest.files,
});

describeEachDatabase("what a backup holds", (services) => {
  test("every table of the schema is backed up or left out with a reason", async () => {
    const tables = await services().db.introspection.getTables({ withInternalKyselyTables: true });
    const listed = new Set([...backedUpTables.map((table) => table.name), ...Object.keys(notBackedUp)]);
    // SQLite keeps an FTS5 table's data in shadow tables named after it.
    const unlisted = tables
      .map((table) => table.name)
      .filter((name) => !listed.has(name) && !name.startsWith("article_search_fts_"));
    expect(unlisted).toEqual([]);
  });
});

/**
 * The demo club backed up from each engine and restored into each: every public page renders the
 * same HTML, every file has the same bytes, and a backup of the restored site is the same backup.
 */
for (const source of engines) {
  describe(`a backup of the demo club from ${source}`, () => {
    let from: { services: TestServices; close(): Promise<void> };
    let folder: string;
    let archive: string;
    let manifest: Manifest;
    let pages: Record<string, string>;
    let files: Record<string, string>;

    beforeAll(async () => {
      folder = await mkdtemp(path.join(tmpdir(), "club-backup-test-"));
      from = await openTestServices(source, { demo: true });
      pages = await publicPagesOf(from.services);
      files = await storedDigests(from.services.storage);
      archive = path.join(folder, "club.tar.gz");
      manifest = await backupTo(from.services, archive);
    }, 120_000);

    afterAll(async () => {
      await from?.close();
      await rm(folder, { recursive: true, force: true });
    });

    test("lists every table with its rows and every stored file", async () => {
      const rows = Object.fromEntries(manifest.tables.map((table) => [table.name, table.rows]));
      expect(rows.articles).toBeGreaterThan(10);
      expect(rows.documents).toBeGreaterThan(3);
      expect(rows.sessions).toBeUndefined();
      expect(manifest.files.map((file) => file.key).sort()).toEqual(Object.keys(files));
      expect(manifest.engine).toBe(source);
      expect(Object.keys(pages).length).toBeGreaterThan(30);
    });

    /**
     * The site moved from the first engine on disk to the run's last engine on an S3 bucket (a
     * real S3-compatible server, s3rver) and back: the same pages, files and rows at each step.
     * It starts from this backup of the demo club, whose pages and files were read above.
     */
    const bucketEngine = engines.at(-1) ?? "sqlite";
    test.runIf(source === engines[0])(
      `${source} on disk → ${bucketEngine} on S3 → ${source} on disk`,
      async () => {
        const s3 = await startS3rver();
        const opened: { close(): Promise<void> }[] = [];
        const bucket = new S3Storage({
          bucket: s3.bucket,
          region: "us-east-1",
          endpoint: s3.endpoint,
          forcePathStyle: true,
          credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
        });
        try {
          const onBucket = await openTestServices(bucketEngine);
          opened.push(onBucket);
          const bucketSite = { ...onBucket.services, storage: bucket };
          await restoreBackup(bucketSite, archive);
          expect(await storedDigests(bucket)).toEqual(files);
          expect(await publicPagesOf(bucketSite)).toEqual(pages);
          const second = await backupTo(bucketSite, path.join(folder, "bucket.tar.gz"));
          expect(contentOf(second)).toEqual(contentOf(manifest));

          const back = await openTestServices(source);
          opened.push(back);
          await restoreBackup(back.services, path.join(folder, "bucket.tar.gz"));
          expect(await storedDigests(back.services.storage)).toEqual(files);
          expect(await publicPagesOf(back.services)).toEqual(pages);
        } finally {
          bucket.close();
          for (const site of opened) await site.close();
          await s3.stop();
        }
      },
      180_000,
    );

    for (const target of engines) {
      test(`restores into an empty ${target} site as the same pages, files and rows`, async () => {
        const to = await openTestServices(target);
        try {
          const summary = await restoreBackup(to.services, archive);
          expect(summary.files).toBe(Object.keys(files).length);

          const restored = await publicPagesOf(to.services);
          expect(Object.keys(restored)).toEqual(Object.keys(pages));
          for (const [address, html] of Object.entries(pages)) expect(restored[address], address).toBe(html);
          expect(await storedDigests(to.services.storage)).toEqual(files);

          const again = await backupTo(to.services, path.join(folder, `again-${target}.tar.gz`));
          expect(contentOf(again)).toEqual(contentOf(manifest));
        } finally {
          await to.close();
        }
      }, 120_000);
    }
  });
}
