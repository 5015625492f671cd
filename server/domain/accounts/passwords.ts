import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/**
 * Password hashing with scrypt from node:crypto (see docs/decisions/0007-password-hashing.md).
 * A hash is stored as a PHC string with its parameters, `$scrypt$ln=15,r=8,p=3$<salt>$<key>`,
 * so the parameters can be raised later: old hashes still verify and are replaced at sign-in.
 */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 1024;

export interface ScryptParameters {
  /** log2 of the CPU/memory cost N. */
  ln: number;
  /** Block size. */
  r: number;
  /** Parallelism. */
  p: number;
}

export const currentParameters: ScryptParameters = { ln: 15, r: 8, p: 3 };
const SALT_BYTES = 16;
const KEY_BYTES = 64;

/** Bounds for parameters read back from the database, so a bad row cannot exhaust memory. */
const storedHashSchema = z.object({
  ln: z.coerce.number().int().min(10).max(20),
  r: z.coerce.number().int().min(1).max(32),
  p: z.coerce.number().int().min(1).max(16),
  salt: z.base64().min(16),
  key: z.base64().min(43),
});
const PHC_PATTERN = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/**
 * The rule every new password follows; each boundary words its own messages. With `missing`, an
 * empty value gets that message first (forms); the limits also reach the form's fields.
 */
export function passwordSchema(messages: { missing?: string; tooShort: string; tooLong: string }) {
  const text = messages.missing ? z.string({ error: messages.missing }).min(1, messages.missing) : z.string();
  return text.min(MIN_PASSWORD_LENGTH, messages.tooShort).max(MAX_PASSWORD_LENGTH, messages.tooLong);
}

/** A new hash with today's parameters (other parameters only for tests and migrations). */
export async function hashPassword(
  password: string,
  parameters: ScryptParameters = currentParameters,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, parameters, KEY_BYTES);
  const { ln, r, p } = parameters;
  return `$scrypt$ln=${ln},r=${r},p=${p}$${unpadded(salt)}$${unpadded(key)}`;
}

/** True when `password` matches `stored`; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const expected = Buffer.from(parsed.key, "base64");
  const actual = await derive(password, Buffer.from(parsed.salt, "base64"), parsed, expected.length);
  return timingSafeEqual(actual, expected);
}

/** True when the hash was made with other parameters than today's: rehash it at sign-in. */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return (
    !parsed ||
    parsed.ln !== currentParameters.ln ||
    parsed.r !== currentParameters.r ||
    parsed.p !== currentParameters.p ||
    Buffer.from(parsed.key, "base64").length !== KEY_BYTES
  );
}

/**
 * Spends the time of one verification without a stored hash, so an unknown e-mail address
 * answers exactly as slowly as a wrong password does.
 */
export async function spendVerificationTime(password: string): Promise<void> {
  await derive(password, randomBytes(SALT_BYTES), currentParameters, KEY_BYTES);
}

/** A strong random password (144 bits), for the first manager when none was configured. */
export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}

function parseHash(stored: string) {
  const match = PHC_PATTERN.exec(stored);
  if (!match) return undefined;
  const [, ln, r, p, salt, key] = match;
  const parsed = storedHashSchema.safeParse({ ln, r, p, salt: padded(salt), key: padded(key) });
  return parsed.success ? parsed.data : undefined;
}

/**
 * At most two derivations run at once per process: each needs 32 MiB at today's parameters,
 * so a burst of sign-in attempts queues instead of exhausting memory.
 */
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function derive(
  password: string,
  salt: Buffer,
  { ln, r, p }: ScryptParameters,
  keyLength: number,
): Promise<Buffer> {
  if (running < MAX_CONCURRENT) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    const N = 2 ** ln;
    return await new Promise<Buffer>((resolve, reject) => {
      // Unicode normalisation: the same Hangul password typed on any device gives the same key.
      scrypt(
        password.normalize("NFC"),
        salt,
        keyLength,
        { N, r, p, maxmem: 128 * N * r + 128 * r * p + 1024 * 1024 },
        (error, key) => (error ? reject(error) : resolve(key)),
      );
    });
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function unpadded(bytes: Buffer): string {
  return bytes.toString("base64").replace(/=+$/, "");
}

function padded(value: string | undefined): string {
  if (value === undefined) return "";
  return value.padEnd(Math.ceil(value.length / 4) * 4, "=");
}
