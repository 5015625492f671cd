import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { engines } from "./support/databases.ts";

/**
 * What someone starting the built site (`npm run build` first) reads last: the address, where
 * the data lives and, on the first start only, where the generated manager password is. The
 * output here is a pipe, as a container's log is, so the password is kept in a file only this
 * user can read, never printed (a terminal would show it instead).
 */
let dataDir = "";

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "club-banner-"));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Starts the site with its usual logging and resolves with everything printed up to its banner. */
async function startAndRead(env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SITE_URL: "",
      HOST: "127.0.0.1",
      PORT: "0",
      WORKERS: "1",
      LOG_LEVEL: "info",
      ADMIN_EMAIL: "banner@club.test",
      ADMIN_PASSWORD: "",
      DEMO_CONTENT: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const banner = await new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      // The banner is one write: once its address line is in, all of it is.
      if (/running at http:\/\/\S+/.test(output)) resolve(output);
    });
    child.once("exit", (code) => reject(new Error(`the site exited with ${code}:\n${output}`)));
  });
  const stop = async () => {
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  };
  /** Everything printed so far, once a line holding `text` has been printed. */
  const printed = (text: string) =>
    new Promise<string>((resolve) => {
      const check = () => {
        if (!output.includes(text)) return;
        child.stdout?.off("data", check);
        resolve(output);
      };
      child.stdout?.on("data", check);
      check();
    });
  return { banner, stop, printed };
}

/**
 * The output split at the banner's first line. Work the server started in the background
 * (housekeeping, scheduled publishing) may log after it; everything the start itself prints
 * comes before.
 */
function splitAtBanner(output: string): { before: string; banner: string[] } {
  const lines = output.split("\n");
  const start = lines.findIndex((line) => line.startsWith("Club site running at "));
  return { before: lines.slice(0, start).join("\n"), banner: lines.slice(start) };
}

// On SQLite whatever the engine pass: run once, in the SQLite one.
test.skipIf(!engines.includes("sqlite"))(
  "the first start ends with the address, the data folder and the file that holds the new account's password",
  async () => {
    const first = await startAndRead();
    try {
      const { before, banner: lines } = splitAtBanner(first.banner);
      for (const step of ["database migrated", "demo content added", "first account created", "server listening"]) {
        expect(before).toContain(step);
      }
      const url = lines[0]?.match(/^Club site running at (http:\/\/127\.0\.0\.1:\d+)$/)?.[1];
      expect(url, first.banner).toBeDefined();
      expect(lines[1]).toBe(`  data folder: ${dataDir}`);
      expect(lines[2]).toBe(`  database:    SQLite, ${path.join(dataDir, "club.db")}`);
      expect(lines[3]).toBe(`  files:       ${path.join(dataDir, "uploads")}`);
      expect(lines[5]).toBe(
        "The database was empty, so the demo club was added. DEMO_CONTENT=false starts an empty site instead.",
      );
      expect(lines[7]).toBe("No account existed, so one was created (banner@club.test). Its password is in");
      const file = path.join(dataDir, "first-password.txt");
      expect(lines[8]).toBe(`  ${file}`);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const kept = await readFile(file, "utf8");
      expect(kept).toContain("e-mail:   banner@club.test");
      const password = kept.match(/^password: (\S+)$/m)?.[1] ?? "";
      expect(password.length).toBeGreaterThanOrEqual(12);
      // The output (a log that stays) never holds it; the log says where it is.
      expect(first.banner).not.toContain(password);
      expect(first.banner).toContain("first account's password written to a file");

      // Visiting the site logs no line per page or asset (debug), so the banner stays in view;
      // a refused request is still logged, and once its line is out, the earlier ones would be.
      const home = await (await fetch(`${url}/`)).text();
      const asset = home.match(/\/assets\/[^"]+\.js/)?.[0];
      expect(asset).toBeDefined();
      for (const address of ["/admin/login", asset]) {
        expect((await fetch(`${url}${address}`)).ok, address).toBe(true);
      }
      expect((await fetch(`${url}/no-such-page`)).status).toBe(404);
      const afterVisits = (await first.printed('"url":"/no-such-page"')).split("\n");
      const visits = afterVisits.slice(afterVisits.findIndex((line) => line.startsWith("Club site running at ")));
      expect(visits.filter((line) => line.includes('"statusCode":200'))).toEqual([]);
      expect(visits.filter((line) => line.includes('"url":'))).toHaveLength(1);

      const signIn = await fetch(`${url}/admin/login`, {
        method: "POST",
        headers: { origin: url as string, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: "banner@club.test", password, redirectTo: "/admin" }),
        redirect: "manual",
      });
      expect(signIn.status).toBe(303);
    } finally {
      await first.stop();
    }

    // The password is never printed again: the next start's last lines are the address and data.
    const second = await startAndRead();
    try {
      const { banner } = splitAtBanner(second.banner);
      expect(banner[0]).toMatch(/^Club site running at http:/);
      expect(banner[1]).toBe(`  data folder: ${dataDir}`);
      expect(second.banner).not.toContain("password:");
      expect(second.banner).not.toContain("The database was empty");
    } finally {
      await second.stop();
    }
  },
);

test.skipIf(!engines.includes("sqlite"))(
  "DEMO_CONTENT=false: the first start says the site starts empty, and the first account needs no address",
  async () => {
    const emptyDir = await mkdtemp(path.join(tmpdir(), "club-banner-empty-"));
    const first = await startAndRead({ DATA_DIR: emptyDir, DEMO_CONTENT: "false", ADMIN_EMAIL: "" });
    try {
      const { before, banner: lines } = splitAtBanner(first.banner);
      expect(before).toContain("empty site started (DEMO_CONTENT=false)");
      expect(before).not.toContain("demo content added");
      expect(lines[5]).toBe(
        "The database was empty: the site starts empty (DEMO_CONTENT=false). Signing in leads to its setup.",
      );
      // Not a terminal: the password goes to a file, and the banner names the account.
      expect(lines[7]).toBe("No account existed, so one was created (manager@club.example). Its password is in");
    } finally {
      await first.stop();
      await rm(emptyDir, { recursive: true, force: true });
    }
  },
);
