import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A real S3-compatible server for the tests (s3rver, a devDependency) in a process of its own on
 * a free loopback port, with one empty bucket, keeping objects in a temporary folder.
 */
export interface S3rverProcess {
  endpoint: string;
  bucket: string;
  /** s3rver's fixed account. */
  accessKeyId: string;
  secretAccessKey: string;
  pid: number;
  /** Its request log (one line per request and answer), when asked for. */
  logFile: string | undefined;
  /** SIGTERM to its process id; resolves once it has exited and its folder is gone. */
  stop(): Promise<void>;
}

const STARTUP_LIMIT_MS = 20_000;

export async function startS3rver(
  options: { bucket?: string; moreBuckets?: string[]; logFile?: string; port?: number } = {},
): Promise<S3rverProcess> {
  const bucket = options.bucket ?? "club-files";
  const directory = await mkdtemp(path.join(tmpdir(), "club-s3-"));
  const bin = createRequire(import.meta.url).resolve("s3rver/bin/s3rver.js");
  const args = [bin, "-d", directory, "-a", "127.0.0.1", "-p", String(options.port ?? 0), "--no-vhost-buckets"];
  if (!options.logFile) args.push("--silent");
  for (const name of [bucket, ...(options.moreBuckets ?? [])]) args.push("--configure-bucket", name);
  // s3rver makes its list continuation tokens with DES, which OpenSSL 3 keeps in its legacy provider.
  const child = spawn(process.execPath, ["--openssl-legacy-provider", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  const log = options.logFile ? createWriteStream(options.logFile) : undefined;
  if (log) {
    child.stdout.pipe(log);
    child.stderr.pipe(log);
  }
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(new Error(`s3rver did not start:\n${output}`));
    }, STARTUP_LIMIT_MS);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/S3rver listening on [\d.]+:(\d+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with ${code}:\n${output}`));
    });
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    pid: child.pid as number,
    logFile: options.logFile,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid as number, "SIGTERM");
      await exited;
      log?.end();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The environment that points the site at this server's bucket. */
export function s3Environment(server: S3rverProcess): NodeJS.ProcessEnv {
  return {
    S3_BUCKET: server.bucket,
    S3_ENDPOINT: server.endpoint,
    S3_REGION: "us-east-1",
    S3_FORCE_PATH_STYLE: "true",
    AWS_ACCESS_KEY_ID: server.accessKeyId,
    AWS_SECRET_ACCESS_KEY: server.secretAccessKey,
  };
}
