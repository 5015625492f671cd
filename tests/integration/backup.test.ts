import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Manifest } from "#server/backup/archive.ts";
import { restoreBackup } from "#server/backup/restore.ts";
import { backedUpTables, notBackedUp } from "#server/backup/tables.ts";
import { backupTo, renderPublicSite, storedDigests } from "./support/backups.ts";
import { serveBuiltSite } from "./support/built-site.ts";
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
      const site = await serveBuiltSite(from.services);
      try {
        pages = await renderPublicSite(site.base);
      } finally {
        await site.close();
      }
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

    for (const target of engines) {
      test(`restores into an empty ${target} site as the same pages, files and rows`, async () => {
        const to = await openTestServices(target);
        try {
          const summary = await restoreBackup(to.services, archive);
          expect(summary.files).toBe(Object.keys(files).length);

          const site = await serveBuiltSite(to.services);
          try {
            const restored = await renderPublicSite(site.base);
            expect(Object.keys(restored)).toEqual(Object.keys(pages));
            for (const [address, html] of Object.entries(pages)) expect(restored[address], address).toBe(html);
          } finally {
            await site.close();
          }
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
