import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * Authenticator-app secrets at rest: sealed with AES-256-GCM under the site's secrets key, which
 * lives outside the database and outside every backup (server/secrets-key.ts: a key file in the
 * data folder, or SECRETS_KEY). A copy of the database or a backup then holds no secret that can
 * make a code. The key is set once per process at start (`setSecretsKey`), before any request.
 *
 * A sealed value reads `v1:` + base64url(12-byte nonce ‖ 16-byte tag ‖ ciphertext); secrets stored
 * before sealing are base32 and never contain ":".
 */
const PREFIX = "v1:";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const SECRETS_KEY_BYTES = 32;

/**
 * Where the process keeps its key. Not a module variable: the site's routes run from the server
 * build, which carries its own copy of this module, while the key is set at start by the
 * server's own; a slot on the process's global object is the same for both copies.
 */
const KEY_SLOT = Symbol.for("club-site.secrets-key");
const slot = globalThis as { [KEY_SLOT]?: Buffer };

export function setSecretsKey(key: Buffer): void {
  if (key.length !== SECRETS_KEY_BYTES) throw new Error(`The secrets key must be ${SECRETS_KEY_BYTES} bytes.`);
  slot[KEY_SLOT] = key;
}

function currentKey(): Buffer {
  const key = slot[KEY_SLOT];
  if (!key) throw new Error("No secrets key was set: the server sets it at start (server/secrets-key.ts).");
  return key;
}

/** A secret sealed with another key (or damaged): the factor holding it cannot be used. */
export class UnreadableSecretError extends Error {
  override name = "UnreadableSecretError";
  constructor() {
    super("A stored secret cannot be opened with this site's secrets key.");
  }
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

export function sealSecret(plain: string, key: Buffer = currentKey()): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString("base64url");
}

/** The plain secret; a value stored before sealing is returned as it is. */
export function openSecret(stored: string, key: Buffer = currentKey()): string {
  if (!isSealed(stored)) return stored;
  const packed = Buffer.from(stored.slice(PREFIX.length), "base64url");
  if (packed.length <= NONCE_BYTES + TAG_BYTES) throw new UnreadableSecretError();
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, packed.subarray(0, NONCE_BYTES));
    decipher.setAuthTag(packed.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(packed.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    throw new UnreadableSecretError();
  }
}
