import { spawn } from "node:child_process";
import { once } from "node:events";
import { open } from "node:fs/promises";
import path from "node:path";
import { beforeAll, expect, test } from "vitest";
import { restoreBackup } from "#server/backup/restore.ts";
import { backedUpTables } from "#server/backup/tables.ts";
import { verifyArchive } from "#server/backup/verify.ts";
import { migrations } from "#server/db/migrations/index.ts";
import { runCli } from "../support/admin-cli.ts";
import { storedDigests } from "./support/backups.ts";
import { describeEachDatabase, engines, openTestServices } from "./support/databases.ts";

/**
 * `npm run backup` and `npm run restore` as processes of their own: their arguments, messages,
 * exit statuses and standard output. These do not differ between engines, so they run on the
 * run's first engine only; what a backup holds and how it restores, refusals included, is
 * checked on every engine in this process (backup.test.ts, backup-restore.test.ts).
 */
describeEachDatabase(
  "npm run backup and npm run restore",
  (services) => {
    let archive = "";

    beforeAll(() => {
      archive = path.join(services().dataDir, "club.tar.gz");
    });

    test("back up a site, restore it into an empty one, refuse it there again unless --replace", async () => {
      const backup = await runCli("scripts/backup.ts", services(), [archive]);
      expect(backup.stderr).toBe("");
      expect(backup).toMatchObject({ code: 0 });
      const schema = Object.keys(migrations).at(-1);
      expect(backup.stdout).toMatch(
        new RegExp(`^Backed up \\d+ rows of ${backedUpTables.length} tables and \\d+ files \\(schema ${schema}\\) to `),
      );

      const target = await openTestServices(services().engine);
      try {
        const restore = await runCli("scripts/restore.ts", target.services, [archive]);
        expect(restore).toMatchObject({ code: 0, stderr: "" });
        expect(restore.stdout).toMatch(/^Restored \d+ rows and \d+ files from a backup of /);
        expect(await storedDigests(target.services.storage)).toEqual(await storedDigests(services().storage));

        const again = await runCli("scripts/restore.ts", target.services, [archive]);
        expect(again.code).toBe(1);
        expect(again.stderr).toMatch(/^Nothing was restored: The database already has content/);

        const replaced = await runCli("scripts/restore.ts", target.services, [archive, "--replace"]);
        expect(replaced).toMatchObject({ code: 0, stderr: "" });
      } finally {
        await target.close();
      }
    });

    test("a backup to standard output (-) is the archive and nothing else, and restores", async () => {
      const file = path.join(services().dataDir, "from-stdout.tar.gz");
      const output = await open(file, "w");
      const child = spawn(process.execPath, ["scripts/backup.ts", "-"], {
        env: { ...process.env, DATABASE_URL: services().databaseUrl, DATA_DIR: services().dataDir },
        stdio: ["ignore", output.fd, "pipe"],
      });
      let said = "";
      child.stderr?.on("data", (chunk: Buffer) => {
        said += chunk.toString();
      });
      const [code] = (await once(child, "close")) as [number];
      await output.close();
      expect(code, said).toBe(0);
      expect(said).toMatch(/^Backed up \d+ rows .* to standard output in /);
      // The whole file is one archive, checked as a restore checks it.
      const manifest = await verifyArchive(file);
      expect(manifest.files.length).toBeGreaterThan(0);

      // Restored as the command restores (its own output is checked above).
      const target = await openTestServices(services().engine);
      try {
        await restoreBackup(target.services, file);
        expect(await storedDigests(target.services.storage)).toEqual(await storedDigests(services().storage));
      } finally {
        await target.close();
      }
    });

    test("a missing archive or argument is a one-line refusal", async () => {
      const missing = await runCli("scripts/restore.ts", services(), [path.join(services().dataDir, "none.tar.gz")]);
      expect(missing).toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/^Nothing was restored: Cannot read the archive/),
      });
      const usage = await runCli("scripts/backup.ts", services(), []);
      expect(usage).toMatchObject({ code: 1, stderr: expect.stringMatching(/^Usage: npm run backup -- FILE/) });
    });
  },
  { demo: true, only: engines.slice(0, 1) },
);
