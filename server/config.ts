import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { emailAddressSchema } from "./domain/accounts/email.ts";
import { passwordSchema } from "./domain/accounts/passwords.ts";
import type { S3Settings } from "./storage/s3.ts";

/**
 * Everything the server reads from the environment, validated once at start.
 * A wrong value stops the start with one line that names the variable.
 */
const portSchema = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .min(0, "must be between 0 and 65535")
  .max(65535, "must be between 0 and 65535");

const databaseUrlSchema = z
  .string()
  .trim()
  .refine(
    (value) => /^(postgres|postgresql):\/\/.+/.test(value) || /^(sqlite|file):.+/.test(value),
    "must start with postgres://, postgresql://, sqlite: or file:",
  );

const siteUrlSchema = z
  .url({ protocol: /^https?$/, error: "must be an http:// or https:// address" })
  .transform((value) => value.replace(/\/+$/, ""));

const flagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => ["true", "false", "1", "0"].includes(value), "must be true or false")
  .transform((value) => value === "true" || value === "1");

const envSchema = z.object({
  PORT: portSchema.default(3000),
  HOST: z.string().trim().min(1, "must not be empty").default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1, "must not be empty").default("./data"),
  DATABASE_URL: databaseUrlSchema.optional(),
  BUILD_DIR: z.string().trim().min(1, "must not be empty").optional(),
  SITE_URL: siteUrlSchema.optional(),
  DEMO_CONTENT: flagSchema.default(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z
    .string()
    .trim()
    .default("false")
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed === undefined) {
        ctx.addIssue({
          code: "custom",
          message: "must be true, false, a number of proxies, or addresses and subnets separated by commas",
        });
        return z.NEVER;
      }
      return parsed;
    }),
  WORKERS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(64, "must be at most 64")
    .optional(),
  PAGE_CACHE_MB: z.coerce
    .number({ error: "must be a number" })
    .min(0, "must be 0 (off) or more")
    .max(4096, "must be at most 4096")
    .default(16),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens",
    )
    .optional(),
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{2,40}$/, "must be a region name such as eu-central-1")
    .optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// address" })
    .transform((value) => value.replace(/\/+$/, ""))
    .optional(),
  S3_FORCE_PATH_STYLE: flagSchema.optional(),
  AWS_ACCESS_KEY_ID: z.string().trim().min(1).max(256, "is too long").optional(),
  AWS_SECRET_ACCESS_KEY: z.string().trim().min(1).max(256, "is too long").optional(),
  // Scheduled backups (resolveBackupSchedule): where, when (Seoul) and how many are kept.
  BACKUP_TO: z.string().trim().min(1).optional(),
  BACKUP_AT: z
    .string()
    .trim()
    .regex(/^([01]?\d|2[0-3]):[0-5]\d$/, "must be a time of day in Seoul such as 04:00")
    .optional(),
  BACKUP_KEEP: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(1000, "must be at most 1000")
    .optional(),
  SECRETS_KEY: z
    .string()
    .trim()
    .transform((value, ctx) => {
      const key = parseSecretsKey(value);
      if (!key) {
        ctx.addIssue({
          code: "custom",
          message: "must be 32 bytes in base64 (openssl rand -base64 32) or 64 hex digits",
        });
        return z.NEVER;
      }
      return key;
    })
    .optional(),
  ADMIN_EMAIL: emailAddressSchema("must be an e-mail address").optional(),
  ADMIN_PASSWORD: passwordSchema({
    tooShort: "must be at least 6 characters",
    tooLong: "must be at most 1024 characters",
  }).optional(),
});

/** Variables whose value never appears in an error message. */
const secretVariables = new Set(["ADMIN_PASSWORD", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "SECRETS_KEY"]);

/** SECRETS_KEY: 32 bytes as base64 or as 64 hex digits. */
export function parseSecretsKey(value: string): Buffer | undefined {
  const key = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, "hex")
    : /^[A-Za-z0-9+/_-]{42,44}={0,2}$/.test(value)
      ? Buffer.from(value, "base64")
      : undefined;
  return key?.length === 32 ? key : undefined;
}

/** Where uploaded files live: a folder on this machine, or an S3-compatible bucket. */
export type StorageTarget = { kind: "disk"; dir: string } | ({ kind: "s3" } & S3Settings);

export type DatabaseTarget = { kind: "sqlite"; file: string } | { kind: "postgres"; connectionString: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  /** Uploaded files: on disk under `uploadsDir` unless S3_BUCKET names a bucket. */
  storage: StorageTarget;
  database: DatabaseTarget;
  /** Where the built app is read from; the project's `build` folder unless set. */
  buildDir?: string | undefined;
  /**
   * The public address from the environment: used when the site settings name none (see
   * server/domain/site-settings/site-address.ts for the whole rule).
   */
  siteUrl: string | undefined;
  /** Whether an empty database is filled with the demo club at start (else it starts empty). */
  demoContent: boolean;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  /**
   * Which proxies' X-Forwarded-* headers to believe, in Express's `trust proxy` forms: false, true
   * (every hop: only behind a proxy that overwrites the header), a number of hops, or addresses,
   * subnets and the names loopback, linklocal, uniquelocal.
   */
  trustProxy: TrustProxy;
  /** Server processes to run; one per core unless set. */
  workers: number;
  /** Memory for the public page cache in each process, in bytes; 0 turns it off. */
  pageCacheBytes: number;
  /** Backups the site takes itself every day (BACKUP_TO), or undefined when none are. */
  backup?: BackupSchedule | undefined;
  /** The first manager's address, used at start when no manager exists yet. */
  adminEmail?: string | undefined;
  /** The first manager's password; a strong one is generated when unset. */
  adminPassword?: string | undefined;
  /** SECRETS_KEY: seals the authenticator-app secrets; unset, a key file in the data folder does. */
  secretsKey?: Buffer | undefined;
}

export type TrustProxy = boolean | number | string[];

/** Where scheduled backups go: a folder, or a bucket (with a key prefix) reached like the storage's. */
export type BackupTarget = { kind: "folder"; dir: string } | { kind: "s3"; settings: S3Settings; prefix: string };

export interface BackupSchedule {
  target: BackupTarget;
  /** The time of day in Seoul the backup is taken. */
  at: { hour: number; minute: number };
  /** How many archives are kept; older ones are removed after a verified backup. */
  keep: number;
}

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address or subnet as Express's `trust proxy` takes it: 10.0.0.1, 10.0.0.0/8, fd00::/8. */
function isAddressOrSubnet(value: string): boolean {
  if (PROXY_NAMES.has(value)) return true;
  const [address, bits, extra] = value.split("/");
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d{1,3}$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

export function parseTrustProxy(value: string): TrustProxy | undefined {
  const lower = value.toLowerCase();
  if (["false", "0", ""].includes(lower)) return false;
  if (lower === "true") return true;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const items = value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length > 0 && items.every(isAddressOrSubnet) ? items : undefined;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and validates the configuration; throws ConfigError with a one-line message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blanksRemoved = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = envSchema.safeParse(blanksRemoved);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = String(issue?.path[0] ?? "environment");
    const received = blanksRemoved[variable];
    throw new ConfigError(
      `Invalid configuration: ${variable} ${issue?.message ?? "is invalid"}` +
        (received === undefined || secretVariables.has(variable) ? "" : ` (got "${received}")`),
    );
  }
  const parsed = result.data;
  const dataDir = path.resolve(parsed.DATA_DIR);
  const storage = resolveStorageTarget(parsed, path.join(dataDir, "uploads"));
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, "uploads"),
    storage,
    backup: resolveBackupSchedule(parsed, storage),
    database: resolveDatabaseTarget(parsed.DATABASE_URL, dataDir),
    buildDir: parsed.BUILD_DIR === undefined ? undefined : path.resolve(parsed.BUILD_DIR),
    siteUrl: parsed.SITE_URL,
    demoContent: parsed.DEMO_CONTENT,
    logLevel: parsed.LOG_LEVEL,
    trustProxy: parsed.TRUST_PROXY,
    workers: parsed.WORKERS ?? availableParallelism(),
    pageCacheBytes: Math.round(parsed.PAGE_CACHE_MB * 1024 * 1024),
    adminEmail: parsed.ADMIN_EMAIL,
    adminPassword: parsed.ADMIN_PASSWORD,
    secretsKey: parsed.SECRETS_KEY,
  };
}

/**
 * S3 settings come together or not at all: a region (or an endpoint, whose servers mostly take
 * any region), and both halves of a key pair or neither (then the SDK finds credentials itself,
 * as an instance role). The messages never show a key.
 */
function resolveStorageTarget(env: z.infer<typeof envSchema>, uploadsDir: string): StorageTarget {
  const fail = (message: string) => {
    throw new ConfigError(`Invalid configuration: ${message}`);
  };
  const bucket = env.S3_BUCKET;
  if (bucket === undefined) {
    // Backups to a bucket use the same settings, so they may be given for those alone.
    if (!isBucketAddress(env.BACKUP_TO)) {
      for (const name of ["S3_ENDPOINT", "S3_REGION", "S3_FORCE_PATH_STYLE"] as const) {
        if (env[name] !== undefined) fail(`S3_BUCKET must be set when ${name} is`);
      }
    }
    return { kind: "disk", dir: uploadsDir };
  }
  return { kind: "s3", ...s3Settings(env, bucket, "S3_BUCKET") };
}

/** How to reach `bucket`: region or endpoint, path style and keys, from S3_* and AWS_*. */
function s3Settings(env: z.infer<typeof envSchema>, bucket: string, namedBy: string): S3Settings {
  const fail = (message: string) => {
    throw new ConfigError(`Invalid configuration: ${message}`);
  };
  if (env.S3_REGION === undefined && env.S3_ENDPOINT === undefined) {
    fail(`S3_REGION must be set with ${namedBy} (or S3_ENDPOINT for a self-hosted server)`);
  }
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    fail(
      accessKeyId === undefined
        ? "AWS_ACCESS_KEY_ID must be set with AWS_SECRET_ACCESS_KEY"
        : "AWS_SECRET_ACCESS_KEY must be set with AWS_ACCESS_KEY_ID",
    );
  }
  return {
    bucket,
    region: env.S3_REGION ?? "us-east-1",
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** A key prefix: folders of letters, digits, dots, dashes and underscores, none starting with a dot. */
const KEY_PREFIX = /^(?!\.)[\w.-]+(\/(?!\.)[\w.-]+)*$/;

function isBucketAddress(value: string | undefined): value is string {
  return value?.startsWith("s3://") ?? false;
}

/**
 * BACKUP_TO: `s3://bucket/prefix` (reached with the S3 settings above) or a folder. Never where
 * the uploaded files are: the orphan sweep removes whatever no upload row names, archives too.
 */
function resolveBackupSchedule(env: z.infer<typeof envSchema>, storage: StorageTarget): BackupSchedule | undefined {
  const fail = (message: string) => {
    throw new ConfigError(`Invalid configuration: ${message}`);
  };
  const to = env.BACKUP_TO;
  if (to === undefined) {
    for (const name of ["BACKUP_AT", "BACKUP_KEEP"] as const) {
      if (env[name] !== undefined) fail(`BACKUP_TO must be set when ${name} is`);
    }
    return undefined;
  }
  const [hour = 4, minute = 0] = (env.BACKUP_AT ?? "04:00").split(":").map(Number);
  const schedule = { at: { hour, minute }, keep: env.BACKUP_KEEP ?? 14 };
  if (isBucketAddress(to)) {
    const [bucket = "", ...folders] = to.slice("s3://".length).split("/");
    const prefix = folders.filter(Boolean).join("/");
    if (!BUCKET_NAME.test(bucket) || (prefix !== "" && !KEY_PREFIX.test(prefix))) {
      fail(`BACKUP_TO must be s3://bucket/prefix with a bucket name and plain folder names (got "${to}")`);
    }
    if (storage.kind === "s3" && storage.bucket === bucket) {
      fail("BACKUP_TO must name another bucket than S3_BUCKET: the uploads' housekeeping would remove the archives");
    }
    return { ...schedule, target: { kind: "s3", settings: s3Settings(env, bucket, "BACKUP_TO"), prefix } };
  }
  const dir = path.resolve(to);
  if (storage.kind === "disk" && isWithin(dir, storage.dir)) {
    fail(`BACKUP_TO must be outside the uploads folder ${storage.dir}: its housekeeping would remove the archives`);
  }
  return { ...schedule, target: { kind: "folder", dir } };
}

function isWithin(dir: string, parent: string): boolean {
  const relative = path.relative(parent, dir);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

export function resolveDatabaseTarget(url: string | undefined, dataDir: string): DatabaseTarget {
  if (url === undefined) return { kind: "sqlite", file: path.join(dataDir, "club.db") };
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: "postgres", connectionString: url };
  const file = url.replace(/^(sqlite|file):(\/\/)?/, "");
  return { kind: "sqlite", file: file === ":memory:" ? file : path.resolve(file) };
}
