import { readFileSync } from "node:fs";
import { GetObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { type DatabaseHandle, openDatabase } from "#server/db/database.ts";

/** What scripts/scale-test.ts started: two instances, their logs, the bucket. */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the scale tests with npm run test:scale`);
  return value;
}

/** Caddy in front of both, configured by deploy/Caddyfile. */
export const proxyUrl = required("SCALE_PROXY_URL");

export const instances = {
  a: { url: required("SCALE_A_URL"), log: required("SCALE_A_LOG"), dataDir: required("SCALE_A_DATA_DIR") },
  b: { url: required("SCALE_B_URL"), log: required("SCALE_B_LOG"), dataDir: required("SCALE_B_DATA_DIR") },
};

export const account = { email: required("SCALE_ADMIN_EMAIL"), password: required("SCALE_ADMIN_PASSWORD") };

export const s3rverLog = () => readFileSync(required("SCALE_S3_LOG"), "utf8");

/** The JSON lines an instance has logged so far. */
export function logLines(log: string): { msg?: string; [field: string]: unknown }[] {
  return readFileSync(log, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { msg?: string });
}

/** The database both instances use. */
export function openSharedDatabase(): DatabaseHandle {
  return openDatabase({ kind: "postgres", connectionString: required("TEST_DATABASE_URL") });
}

/** The bucket both instances use, read directly (not through the site). */
export function bucket() {
  const client = new S3Client({
    region: "us-east-1",
    endpoint: required("S3_ENDPOINT"),
    forcePathStyle: true,
    credentials: { accessKeyId: required("AWS_ACCESS_KEY_ID"), secretAccessKey: required("AWS_SECRET_ACCESS_KEY") },
  });
  const Bucket = required("S3_BUCKET");
  return {
    async bytes(key: string): Promise<Buffer> {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      return Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
    },
    async size(key: string): Promise<number | undefined> {
      return (await client.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength;
    },
    close: () => client.destroy(),
  };
}

/**
 * Signs in through the sign-in form's endpoint, as a visitor at `address` (the instances trust
 * 127.0.0.1 as their proxy), and answers the status and the cookie of a new session.
 */
export async function signIn(
  base: string,
  account: { email: string; password: string },
  address = "192.0.2.1",
): Promise<{ status: number; cookie: string }> {
  const response = await fetch(`${base}/admin/login`, {
    method: "POST",
    headers: {
      origin: base,
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": address,
    },
    body: new URLSearchParams({ email: account.email, password: account.password, redirectTo: "/admin" }),
    redirect: "manual",
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .filter((pair) => pair?.startsWith("club_admin_session="))
    .join("; ");
  return { status: response.status, cookie };
}

/** An admin write through the real endpoint of `base`, as the page sends it. */
export async function postWrite(
  base: string,
  cookie: string,
  type: string,
  form: FormData,
): Promise<{ ok: boolean; data?: unknown; message?: string }> {
  const response = await fetch(`${base}/admin/api/${type}`, {
    method: "POST",
    headers: { cookie, origin: base },
    body: form,
  });
  return (await response.json()) as { ok: boolean; data?: unknown; message?: string };
}

/** A page's HTML as a visitor (no cookie) or a signed-in manager gets it. */
export async function pageText(url: string, cookie?: string): Promise<string> {
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}
