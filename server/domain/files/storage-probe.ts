import type { FileStorage } from "#server/storage/storage.ts";
import { withTimeout } from "#shared/timeout.ts";

/**
 * A tiny object kept in the file storage so a health check can ask it something cheap. It has
 * no row in `files`, so the orphan sweep leaves this key alone.
 */
export const STORAGE_PROBE_KEY = "health/probe.txt";

/**
 * Whether the storage answers: the probe is there, or (a fresh storage, or one emptied) it can
 * be written again. A storage that errs, or takes longer than `timeoutMs`, has failed.
 */
export async function storageAnswers(storage: FileStorage, timeoutMs: number): Promise<boolean> {
  return withTimeout(
    (async () => {
      if (await storage.exists(STORAGE_PROBE_KEY)) return true;
      await storage.put(STORAGE_PROBE_KEY, new TextEncoder().encode("ok\n"));
      return true;
    })(),
    timeoutMs,
  ).catch(() => false);
}
