import { copyFile, mkdir, readdir, rename, stat, unlink, utimes } from "node:fs/promises";
import path from "node:path";
import { newId } from "#server/storage/storage.ts";

/**
 * A page loaded before a deploy still names the previous build's scripts (their names carry a
 * hash of their content); the browser fetches a route's script only when a link to it is
 * clicked. So that click still works, every build's files are copied into a folder that
 * outlives builds, and the server answers `/assets/…` from it when the current build has no
 * such file. A file the running build no longer has is removed once it has been out of use
 * for `keepDays`.
 */
export async function archiveBuildAssets(
  assetsDir: string,
  archiveDir: string,
  options: { keepDays: number; now?: Date },
): Promise<{ added: number; removed: number }> {
  const now = options.now ?? new Date();
  await mkdir(archiveDir, { recursive: true });
  const current = new Set(await readdir(assetsDir));
  const archived = new Set(await readdir(archiveDir));
  let added = 0;
  for (const name of current) {
    const target = path.join(archiveDir, name);
    if (archived.has(name)) {
      // Still in use: its time counts from now.
      await utimes(target, now, now);
      continue;
    }
    // Beside the target and renamed: another instance sharing the folder may be serving it.
    const partial = path.join(archiveDir, `.partial-${newId()}`);
    await copyFile(path.join(assetsDir, name), partial);
    await utimes(partial, now, now);
    await rename(partial, target);
    added += 1;
  }
  const oldest = now.getTime() - options.keepDays * 24 * 60 * 60 * 1000;
  let removed = 0;
  for (const name of archived) {
    if (current.has(name)) continue;
    const file = path.join(archiveDir, name);
    const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: Number.POSITIVE_INFINITY }));
    if (mtimeMs >= oldest) continue;
    await unlink(file).catch(() => undefined);
    removed += 1;
  }
  return { added, removed };
}
