import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "./config.ts";
import { SECRETS_KEY_BYTES } from "./domain/accounts/secret-box.ts";

/**
 * The key that seals the authenticator-app secrets (domain/accounts/secret-box.ts). It is kept
 * outside the database and outside every backup: the SECRETS_KEY variable when it is set (the
 * way for several instances, which must share one key), else `DATA_DIR/secrets.key`, created on
 * the first start with mode 0600. Whoever keeps the backups keeps this key apart from them: a
 * backup restored without it keeps everything but the authenticator apps.
 */
export const SECRETS_KEY_FILE = "secrets.key";

export type SecretsKeySource =
  | { key: Buffer; from: "variable" }
  | { key: Buffer; from: "file"; file: string; created: boolean };

export async function loadSecretsKey(config: Pick<Config, "dataDir" | "secretsKey">): Promise<SecretsKeySource> {
  if (config.secretsKey) return { key: config.secretsKey, from: "variable" };
  const file = path.join(config.dataDir, SECRETS_KEY_FILE);
  await mkdir(config.dataDir, { recursive: true });
  try {
    // "wx": of several processes starting at once, one creates it and the others read it.
    await writeFile(file, `${randomBytes(SECRETS_KEY_BYTES).toString("base64")}\n`, { flag: "wx", mode: 0o600 });
    return { key: await readKeyFile(file), from: "file", file, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return { key: await readKeyFile(file), from: "file", file, created: false };
  }
}

async function readKeyFile(file: string): Promise<Buffer> {
  const key = Buffer.from((await readFile(file, "utf8")).trim(), "base64");
  if (key.length !== SECRETS_KEY_BYTES) {
    throw new Error(
      `${file} does not hold a ${SECRETS_KEY_BYTES}-byte key in base64: restore it from where it was kept.`,
    );
  }
  return key;
}
