import path from "node:path";
import { beforeAll, expect, test } from "vitest";
import { backedUpTables } from "#server/backup/tables.ts";
import { migrations } from "#server/db/migrations/index.ts";
import { runCli } from "../support/admin-cli.ts";
import { storedDigests } from "./support/backups.ts";
import { describeEachDatabase, openTestServices } from "./support/databases.ts";

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
  { demo: true },
);
