import { createWriteStream } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterAll, beforeAll, expect, test } from "vitest";
import { loader as downloadLoader } from "#app/routes/admin/backup-download.ts";
import { action as restoreAction } from "#app/routes/admin/backup-restore.ts";
import { BackupArchiveError, type Manifest } from "#server/backup/archive.ts";
import { RestoreRefusedError, restoreBackup } from "#server/backup/restore.ts";
import { SchemaVersionError } from "#server/backup/verify.ts";
import { auditEntries, storedKeys } from "../support/stored-content.ts";
import { newAccount } from "./support/account-steps.ts";
import { MANAGER, managerContext, postCommand } from "./support/admin-requests.ts";
import { archiveEntries, backupTo, storedDigests, writeArchive } from "./support/backups.ts";
import { describeEachDatabase, openTestServices, type TestServices } from "./support/databases.ts";

describeEachDatabase(
  "restoring a backup",
  (services) => {
    let archive: string;
    let manifest: Manifest;
    const targets: { close(): Promise<void> }[] = [];

    /** An empty site on the same engine, closed after the suite. */
    async function emptySite(): Promise<TestServices> {
      const opened = await openTestServices(services().engine);
      targets.push(opened);
      return opened.services;
    }

    /** The number of rows in a few tables a restore writes. */
    async function rowCounts(s: TestServices) {
      const count = async (table: "articles" | "files" | "documents") =>
        Number(
          (
            await s.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      return { articles: await count("articles"), files: await count("files"), documents: await count("documents") };
    }

    /** The archive with one entry changed by `change`, its manifest matching again unless told not to. */
    async function altered(name: string, change: (entries: Map<string, Buffer>) => void, rehash = true) {
      const entries = await archiveEntries(archive);
      change(entries);
      const file = path.join(services().dataDir, name);
      await writeArchive(file, entries, rehash ? manifest : undefined);
      return file;
    }

    beforeAll(async () => {
      archive = path.join(services().dataDir, "club.tar.gz");
      manifest = await backupTo(services(), archive);
    }, 120_000);

    afterAll(async () => {
      for (const target of targets) await target.close();
    });

    test("a site with content or files is refused; --replace empties both first", async () => {
      const target = await emptySite();
      await target.storage.put("stray/left-over.txt", Buffer.from("old"));
      await expect(restoreBackup(target, archive)).rejects.toThrow(/file storage already holds files/);

      await target.storage.delete("stray/left-over.txt");
      await newAccount(target, { email: "old@club.test", password: "old-password", actor: "system" });
      await expect(restoreBackup(target, archive)).rejects.toThrow(RestoreRefusedError);
      await expect(rowCounts(target)).resolves.toEqual({ articles: 0, files: 0, documents: 0 });

      await target.storage.put("stray/left-over.txt", Buffer.from("old"));
      await restoreBackup(target, archive, { replace: true });
      expect(await storedDigests(target.storage)).toEqual(await storedDigests(services().storage));
      const emails = await target.db.selectFrom("accounts").select("email").execute();
      expect(emails.map((row) => row.email)).not.toContain("old@club.test");
      await expect(rowCounts(target)).resolves.toEqual(await rowCounts(services()));
    }, 60_000);

    test("a damaged or foreign archive is refused before anything changes", async () => {
      const target = await emptySite();
      const firstFile = manifest.files[0]?.key ?? "";
      const damaged = await altered(
        "damaged.tar.gz",
        (entries) => {
          const bytes = Buffer.from(entries.get(`files/${firstFile}`) ?? []);
          bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 0xff;
          entries.set(`files/${firstFile}`, bytes);
        },
        false,
      );
      await expect(restoreBackup(target, damaged)).rejects.toThrow(/does not match its checksum/);

      const plain = path.join(services().dataDir, "plain.txt");
      await writeFile(plain, "not an archive");
      await expect(restoreBackup(target, plain)).rejects.toThrow(BackupArchiveError);

      const unlisted = await altered("no-manifest.tar.gz", (entries) => entries.delete("manifest.json"), false);
      await expect(restoreBackup(target, unlisted)).rejects.toThrow(/no manifest/);

      for (const [schemaVersion, newer] of [
        ["9999-from-the-future", true],
        ["0011-revisions-and-autosaves", false],
      ] as const) {
        const other = path.join(services().dataDir, `${schemaVersion}.tar.gz`);
        await writeArchive(other, await archiveEntries(archive), { ...manifest, schemaVersion });
        const refused = await restoreBackup(target, other).catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(SchemaVersionError);
        expect((refused as SchemaVersionError).newer).toBe(newer);
      }

      await expect(rowCounts(target)).resolves.toEqual({ articles: 0, files: 0, documents: 0 });
      await expect(storedKeys(target.storage)).resolves.toEqual([]);
    }, 60_000);

    test("rows that cannot be restored leave neither rows nor files behind", async () => {
      const target = await emptySite();
      const broken = await altered("broken-rows.tar.gz", (entries) => {
        const name = "tables/article_images.jsonl";
        const [first = "", ...rest] = String(entries.get(name)).split("\n");
        const row = { ...JSON.parse(first), file_id: "0000000000000000000000000000dead" };
        entries.set(name, Buffer.from([JSON.stringify(row), ...rest].join("\n")));
      });
      await expect(restoreBackup(target, broken)).rejects.toThrow();
      await expect(rowCounts(target)).resolves.toEqual({ articles: 0, files: 0, documents: 0 });
      await expect(storedKeys(target.storage)).resolves.toEqual([]);
    }, 60_000);

    test("from the admin area: the download restores over later changes, keeping the managers and the log", async () => {
      const s = services();
      const url = new URL("/admin/backup/download", "http://club.test");
      const response = await downloadLoader({
        request: new Request(url),
        url,
        params: {},
        context: managerContext(s),
      } as never);
      expect(response.headers.get("content-type")).toBe("application/gzip");
      expect(response.headers.get("content-disposition")).toMatch(
        /^attachment; filename="?club-backup-[\d-]+\.tar\.gz"?$/,
      );
      const downloaded = path.join(s.dataDir, "downloaded.tar.gz");
      await pipeline(Readable.fromWeb(response.body as never), createWriteStream(downloaded));
      await expect
        .poll(async () => (await auditEntries(s.db, "backup")).at(-1)?.content)
        .toMatch(/백업 파일을 내려받았습니다/);

      const before = await rowCounts(s);
      const created = await postCommand(s, "articles", {
        intent: "create",
        title: "복원하면 사라질 글",
        tag: "공지",
        publishedAt: "2026-03-02T18:30",
        contents: "<p>본문</p>",
      });
      expect(created.status).toBe(200);
      await newAccount(s, { email: "later@club.test", password: "later-password", actor: "system" });

      const answer = await restore(s, await readFile(downloaded));
      expect(answer).toMatchObject({ status: 200, body: { ok: true } });
      expect(answer.body.message).toMatch(/백업에서 복원되었습니다/);
      await expect(rowCounts(s)).resolves.toEqual(before);
      const emails = (await s.db.selectFrom("accounts").select("email").execute()).map((row) => row.email);
      expect(emails).toContain("later@club.test");
      const log = await auditEntries(s.db, "backup");
      expect(log.map((entry) => entry.content)).toEqual([
        expect.stringMatching(/백업 파일을 내려받았습니다/),
        expect.stringMatching(/백업에서 복원되었습니다/),
      ]);
      expect(log.at(-1)?.actor).toBe(MANAGER);
      expect(await storedDigests(s.storage)).toEqual(
        Object.fromEntries(
          manifest.files.map((file) => [file.key, file.sha256]).sort(([a = ""], [b = ""]) => (a < b ? -1 : 1)),
        ),
      );
    }, 60_000);

    test("from the admin area: what is not a backup is a clear 4xx and changes nothing", async () => {
      const s = services();
      const before = await rowCounts(s);
      const wrongType = await restore(s, Buffer.from("{}"), "application/json");
      expect(wrongType.status).toBe(415);
      const notGzip = await restore(s, Buffer.from("plain text, not a backup"));
      expect(notGzip).toMatchObject({ status: 400, body: { ok: false } });
      expect(notGzip.body.message).toMatch(/백업 파일\(\.tar\.gz\)이 아니거나 손상된 파일입니다/);
      const empty = await restore(s, Buffer.alloc(0));
      expect(empty.status).toBe(400);
      await expect(rowCounts(s)).resolves.toEqual(before);
      const failures = (await auditEntries(s.db, "backup")).filter((entry) => entry.type === "failure");
      expect(failures.length).toBeGreaterThanOrEqual(3);
    });
  },
  { demo: true },
);

/** Posts an archive to the restore endpoint as the signed-in manager, as the page does. */
async function restore(s: TestServices, body: Buffer, type = "application/gzip") {
  const url = new URL("/admin/backup/restore", "http://club.test");
  const request = new Request(url, { method: "POST", headers: { "Content-Type": type }, body: new Uint8Array(body) });
  const response = await restoreAction({ request, url, params: {}, context: managerContext(s) } as never);
  return { status: response.status, body: (await response.json()) as { ok: boolean; message: string } };
}
