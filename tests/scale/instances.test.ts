import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { afterAll, describe, expect, test } from "vitest";
import { migrations } from "#server/db/migrations/index.ts";
import { getRules } from "#server/domain/rules/rules.ts";
import { request } from "../integration/support/built-site.ts";
import { ruleRowsOf, rulesForm } from "../support/admin-forms.ts";
import {
  account,
  bucket,
  instances,
  logLines,
  openSharedDatabase,
  pageText,
  postWrite,
  s3rverLog,
  signIn,
} from "./support.ts";

const { a, b } = instances;
const database = openSharedDatabase();
const objects = bucket();
afterAll(async () => {
  objects.close();
  await database.close();
});

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
/** A run's own mark, so a rerun against the same database is not fooled by the last one. */
const run = randomBytes(4).toString("hex");

/** A valid PDF of about `megabytes`: one page and a stream of letters that do not compress. */
async function largePdf(megabytes: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.addPage([200, 200]);
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const filler = randomBytes(megabytes * 1024 * 1024).map((byte) => alphabet.charCodeAt(byte % alphabet.length));
  document.context.register(document.context.stream(filler));
  return document.save({ useObjectStreams: false });
}

async function storageKeyOfFile(id: string): Promise<string> {
  const row = await database.db
    .selectFrom("files")
    .select("storage_key")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return row.storage_key;
}

describe("two instances on one database and one bucket", () => {
  test("migrations, the demo content and the first account happened once, on one instance", async () => {
    const lines = [...logLines(a.log), ...logLines(b.log)];
    const migrated = lines.filter((line) => line.msg === "database migrated");
    expect(migrated).toHaveLength(1);
    expect([...((migrated[0]?.migrations as string[]) ?? [])].sort()).toEqual(Object.keys(migrations).sort());
    expect(lines.filter((line) => line.msg === "demo content added")).toHaveLength(1);
    expect(lines.filter((line) => line.msg === "first account created")).toHaveLength(1);
    // Nothing went wrong on the way, the bucket check included (pino's error level is 50).
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);

    const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(database.db);
    expect(applied.rows).toHaveLength(Object.keys(migrations).length);
    const accounts = await database.db.selectFrom("accounts").select("email").execute();
    expect(accounts).toEqual([{ email: account.email }]);
  });

  test("a page's ETag from one instance is current on the other, whoever rendered it for whom", async () => {
    const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
    // Both asked under one name, as behind the proxy: without a public address a page's absolute
    // links follow the host it was asked at.
    const host = "club.test";
    for (const page of ["/", "/about", "/community/media"]) {
      const fromA = await request(`${a.url}${page}`, { headers: { host, "user-agent": browser } });
      const etag = fromA.headers.etag ?? "";
      expect(etag, page).toMatch(/^"/);
      const onB = await request(`${b.url}${page}`, {
        headers: { host, "user-agent": "curl/8.5.0", "if-none-match": etag },
      });
      expect(onB.status, page).toBe(304);
    }
  });

  test("a session made on one instance is signed in on the other", async () => {
    const { status, cookie } = await signIn(a.url, account);
    expect(status).toBe(303);
    const onB = await fetch(`${b.url}/admin`, { headers: { cookie }, redirect: "manual" });
    expect(onB.status).toBe(200);
    await expect(onB.text()).resolves.toContain("로그아웃");
    // Without the cookie, B answers with the sign-in form: the cookie is what carried the session.
    const stranger = await fetch(`${b.url}/admin`, { redirect: "manual" });
    expect(stranger.status).toBe(401);
    await expect(stranger.text()).resolves.not.toContain("로그아웃");
  });

  test("failed sign-ins count across both instances", async () => {
    const address = `198.51.100.${1 + (Number.parseInt(run, 16) % 250)}`;
    const stranger = { email: `nobody-${run}@club.test`, password: "not-the-password" };
    // Ten failures, five seen by each instance (eight of them two at a time, one on each). The
    // tenth reaches the limit (10 in 15 minutes), which neither would have seen counting alone.
    for (let pair = 0; pair < 4; pair += 1) {
      const answers = await Promise.all([signIn(a.url, stranger, address), signIn(b.url, stranger, address)]);
      expect(answers.map((answer) => answer.status)).toEqual([401, 401]);
    }
    await expect(signIn(a.url, stranger, address)).resolves.toMatchObject({ status: 401 });
    await expect(signIn(b.url, stranger, address)).resolves.toMatchObject({ status: 429 });
    // The next is refused on either, even with the right password: the address is spent.
    const refused = await Promise.all([signIn(a.url, account, address), signIn(b.url, account, address)]);
    expect(refused).toEqual([
      { status: 429, cookie: "" },
      { status: 429, cookie: "" },
    ]);
    // Another address still signs in.
    await expect(signIn(b.url, account, "192.0.2.77")).resolves.toMatchObject({ status: 303 });
  });

  test("a rules edit on A shows on B's next load; its 12 MB PDF went in parts and B serves ranges of it", async () => {
    // B has the rules page cached for visitors before the edit.
    const before = await pageText(`${b.url}/archive/rule`);
    const marker = `확장 시험 ${run}`;
    expect(before).not.toContain(marker);

    const { cookie } = await signIn(a.url, account);
    const rules = await getRules(database.db);
    const pdf = await largePdf(12);
    const fileName = `scale-${run}.pdf`;
    const form = rulesForm(rules.version, `<p>${marker}</p>`, [
      ...ruleRowsOf(rules.value),
      {
        key: `new-${run}`,
        title: "확장 시험 첨부",
        fileName,
        file: new File([new Uint8Array(pdf)], fileName, { type: "application/pdf" }),
      },
    ]);
    const answer = await postWrite(a.url, cookie, "rules", form);
    expect(answer, answer.message).toMatchObject({ ok: true });

    // The manager's own next load, on the other instance, shows the change at once.
    await expect(pageText(`${b.url}/archive/rule`, cookie)).resolves.toContain(marker);
    // A visitor's follows within the revision poll (a tenth of a second; bound: a second).
    await expect.poll(() => pageText(`${b.url}/archive/rule`), { timeout: 1000, interval: 50 }).toContain(marker);

    const saved = (await getRules(database.db)).value.attachments.find((row) => row.fileName === fileName);
    const key = await storageKeyOfFile(saved?.fileId ?? "");
    // s3rver logged the multipart upload: started, then parts of 5 MiB.
    const requests = s3rverLog()
      .split("\n")
      .filter((line) => line.includes(key));
    expect(requests.some((line) => line.includes(`${key}?uploads`))).toBe(true);
    expect(requests.filter((line) => line.includes("partNumber=")).length).toBeGreaterThanOrEqual(3);
    await expect(objects.size(key)).resolves.toBe(pdf.byteLength);

    const whole = await fetch(`${b.url}/uploads/${key}`);
    expect(whole.status).toBe(200);
    expect(sha256(new Uint8Array(await whole.arrayBuffer()))).toBe(sha256(pdf));
    // A range across the boundary of the first two parts.
    const start = 5 * 1024 * 1024 - 50;
    const range = await fetch(`${b.url}/uploads/${key}`, { headers: { range: `bytes=${start}-${start + 99}` } });
    expect(range.status).toBe(206);
    expect(range.headers.get("content-range")).toBe(`bytes ${start}-${start + 99}/${pdf.byteLength}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(Buffer.from(pdf.subarray(start, start + 100)))).toBe(true);
    // And under its download name, from the rules page's link.
    const download = await fetch(`${b.url}/rules/${encodeURIComponent(fileName)}`);
    expect(download.status).toBe(200);
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(pdf));
  });

  test("a picture uploaded on A is served by B, with the bytes the bucket holds", async () => {
    const { cookie } = await signIn(a.url, account);
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#2a9d8f" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set("intent", "create");
    form.set("caption", `확장 시험 사진 ${run}`);
    form.set("link", "");
    form.set("postedAt", "2030-01-01");
    form.set("image", new File([new Uint8Array(photo)], "photo.jpg", { type: "image/jpeg" }));
    const answer = await postWrite(a.url, cookie, "feed", form);
    expect(answer, answer.message).toMatchObject({ ok: true });
    const id = typeof answer.data === "string" ? answer.data : (answer.data as { id: string }).id;

    const item = await database.db
      .selectFrom("feed_items")
      .select("image_file_id")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const key = await storageKeyOfFile(item.image_file_id);
    await expect(pageText(`${b.url}/community/feed`)).resolves.toContain(`/uploads/${key}`);

    const served = await fetch(`${b.url}/uploads/${key}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.equals(await objects.bytes(key))).toBe(true);
    await expect(sharp(bytes).metadata()).resolves.toMatchObject({ format: "webp" });
    // Neither instance keeps uploads on its own disk.
    for (const instance of [a, b]) expect(existsSync(path.join(instance.dataDir, "uploads"))).toBe(false);
  });
});
