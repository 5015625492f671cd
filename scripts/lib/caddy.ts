import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Caddy (Debian's package) in front of running instances, configured by the very Caddyfile the
 * containers use (deploy/Caddyfile): only the address it serves and the instances it sends to
 * differ, through the variables that file reads. Plain HTTP on a loopback port, no admin API.
 */
export const CADDY_PROGRAM = "/usr/bin/caddy";

export interface CaddyProcess {
  url: string;
  stop(): Promise<void>;
}

const STARTUP_LIMIT_MS = 20_000;

export async function startCaddy(options: {
  port: number;
  upstreams: string[];
  logFile: string;
}): Promise<CaddyProcess> {
  const home = await mkdtemp(path.join(tmpdir(), "club-caddy-"));
  const url = `http://127.0.0.1:${options.port}`;
  const child: ChildProcess = spawn(
    CADDY_PROGRAM,
    ["run", "--config", path.resolve("deploy/Caddyfile"), "--adapter", "caddyfile"],
    {
      env: {
        PATH: process.env.PATH,
        HOME: home,
        XDG_DATA_HOME: path.join(home, "data"),
        XDG_CONFIG_HOME: path.join(home, "config"),
        SITE_ADDRESS: url,
        APP_UPSTREAMS: options.upstreams.join(" "),
        CADDY_ADMIN: "off",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const log = createWriteStream(options.logFile);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    log.end();
    await rm(home, { recursive: true, force: true });
  };
  // Up once it passes a request on: an instance's liveness answer, through the proxy.
  const giveUpAt = Date.now() + STARTUP_LIMIT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`caddy exited with ${child.exitCode}; see ${options.logFile}`);
    }
    const answer = await fetch(`${url}/livez`, { signal: AbortSignal.timeout(2000) }).catch(() => undefined);
    if (answer?.status === 200) break;
    if (Date.now() > giveUpAt) {
      await stop();
      throw new Error(`caddy did not pass requests on within ${STARTUP_LIMIT_MS} ms; see ${options.logFile}`);
    }
    await sleep(100);
  }
  return { url, stop };
}
