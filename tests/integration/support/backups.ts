import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { writeFile } from "node:fs/promises";
import { buffer } from "node:stream/consumers";
import { gzipSync } from "node:zlib";
import tar from "tar-stream";
import { MANIFEST_NAME, type Manifest, readArchive } from "#server/backup/archive.ts";
import { type BackupServices, writeBackup } from "#server/backup/backup.ts";
import type { Services } from "#server/services.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import { request, serveBuiltSite } from "./built-site.ts";

/** Backups written, read and altered by the backup tests. */

export function backupTo(services: BackupServices, file: string): Promise<Manifest> {
  return writeBackup(services, createWriteStream(file));
}

/** Every entry of an archive with its bytes (the tests' archives are small). */
export async function archiveEntries(file: string): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  await readArchive(file, async (entry) => {
    entries.set(entry.name, await buffer(entry.body));
  });
  return entries;
}

/**
 * Writes `entries` as an archive, in their order; with `manifest` given, the manifest's
 * checksums and counts are made to match the entries again (a well-formed archive with altered
 * content), otherwise the manifest entry is written as it is.
 */
export async function writeArchive(file: string, entries: Map<string, Buffer>, manifest?: Manifest): Promise<void> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  pack.on("data", (chunk) => chunks.push(chunk as Buffer));
  const ended = new Promise<void>((resolve) => pack.on("end", () => resolve()));
  for (const [name, bytes] of entries) {
    if (name === MANIFEST_NAME && manifest) continue;
    pack.entry({ name }, bytes);
  }
  if (manifest) pack.entry({ name: MANIFEST_NAME }, JSON.stringify(matching(manifest, entries)));
  pack.finalize();
  await ended;
  await writeFile(file, gzipSync(Buffer.concat(chunks)));
}

function matching(manifest: Manifest, entries: Map<string, Buffer>): Manifest {
  const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
  return {
    ...manifest,
    tables: manifest.tables.map((table) => {
      const bytes = entries.get(`tables/${table.name}.jsonl`) ?? Buffer.alloc(0);
      const rows = bytes.toString("utf8").split("\n").filter(Boolean).length;
      return { ...table, rows, sha256: sha256(bytes) };
    }),
    files: manifest.files.map((entry) => {
      const bytes = entries.get(`files/${entry.key}`) ?? Buffer.alloc(0);
      return { ...entry, bytes: bytes.length, sha256: sha256(bytes) };
    }),
  };
}

export async function manifestOf(file: string): Promise<Manifest> {
  return JSON.parse(String((await archiveEntries(file)).get(MANIFEST_NAME))) as Manifest;
}

/** Every stored key with the SHA-256 of its bytes. */
export async function storedDigests(storage: FileStorage): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for await (const object of storage.list()) {
    digests[object.key] = createHash("sha256")
      .update(await buffer(await storage.get(object.key)))
      .digest("hex");
  }
  return Object.fromEntries(Object.entries(digests).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * Every public address a visitor can reach: the sitemap's (every fixed page and every article),
 * the feeds and a few searches. Answers each page's status and HTML, with the per-request script nonce blanked.
 */
export async function renderPublicSite(base: string): Promise<Record<string, string>> {
  // Searches too: the search index is rebuilt by a restore, not copied.
  const searches = ["해커톤", "세미나", "스터디"].map(
    (words) => `/community/media?search=${encodeURIComponent(words)}`,
  );
  const paths = ["/rss.xml", "/calendar.ics", "/sitemap.xml", ...searches];
  // One name for every site compared: without a configured public address a page's absolute
  // links are made from the address it was asked at, and two servers listen on two ports.
  const host = { Host: "club.test" };
  const root = await request(`${base}/sitemap.xml`, { headers: host });
  // A large site's sitemap is an index of parts; a small one lists the pages itself.
  const listings = root.body.includes("<sitemapindex")
    ? await Promise.all(
        locations(root.body).map(async (part) => (await request(`${base}${part}`, { headers: host })).body),
      )
    : [root.body];
  for (const listing of listings) paths.push(...locations(listing));
  const pages: Record<string, string> = {};
  for (const path of paths.sort()) {
    const page = await request(`${base}${path}`, { headers: { ...host, "Accept-Encoding": "identity" } });
    pages[path] = `${page.status}\n${page.body.replace(/nonce="[^"]*"/g, 'nonce=""')}`;
  }
  return pages;
}

/** Every public page of the site as the built app renders it over `services` (files served from its storage). */
export async function publicPagesOf(services: Services): Promise<Record<string, string>> {
  const site = await serveBuiltSite(services);
  try {
    return await renderPublicSite(site.base);
  } finally {
    await site.close();
  }
}

/** The site-relative addresses a sitemap lists. */
function locations(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => pathOf(match[1] ?? ""));
}

function pathOf(address: string): string {
  const url = new URL(address.replaceAll("&amp;", "&"));
  return `${url.pathname}${url.search}`;
}
