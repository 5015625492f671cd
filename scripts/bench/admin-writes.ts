import { spawn } from "node:child_process";
import { setTimeout as delay } from "node:timers/promises";

/**
 * A manager saving while visitors read: an account made with the command line (`npm run admin`),
 * signed in through the sign-in form, then writes through the admin write endpoint as the admin
 * pages send them. Each write adds a calendar event or removes the one added before, so the
 * content is the same after an even number of writes; every write empties every cached page.
 */
const ACCOUNT = { email: "bench@club.test", password: "bench-writes-password" };

/** Makes (or, in a kept data folder, resets) the benchmark's account on the site's database. */
export async function prepareAccount(env: NodeJS.ProcessEnv): Promise<void> {
  const created = await adminCommand(["create", ACCOUNT.email], env);
  if (!created) {
    if (!(await adminCommand(["reset-password", ACCOUNT.email], env))) {
      throw new Error(`npm run admin could not make the account ${ACCOUNT.email}`);
    }
  }
}

function adminCommand(args: string[], env: NodeJS.ProcessEnv): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["scripts/admin.ts", ...args], {
      env: { ...process.env, ...env },
      stdio: ["pipe", "ignore", "ignore"],
    });
    // Not a terminal: the password is the first line of standard input (never on the command line).
    child.stdin.end(`${ACCOUNT.password}\n`);
    child.once("exit", (code) => resolve(code === 0));
  });
}

/** Signs in with the sign-in form; returns the session cookie. */
export async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: ACCOUNT.email, password: ACCOUNT.password, redirectTo: "/admin" }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0] as string)
    .find((pair) => pair.startsWith("club_admin_session="));
  if (response.status !== 303 || !cookie) throw new Error(`signing in answered ${response.status}`);
  return cookie;
}

export interface WriteLoop {
  /** Stops after the write under way; resolves with each write's time in ms. */
  stop(): Promise<number[]>;
}

/** Writes once every `intervalMs` until stopped (a write that takes longer delays the next). */
export function writeEvery(base: string, cookie: string, intervalMs: number): WriteLoop {
  let running = true;
  const times: number[] = [];
  let added: string | undefined;
  const post = async (form: Record<string, string>) => {
    const response = await fetch(`${base}/admin/api/calendar`, {
      method: "POST",
      headers: { origin: base, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });
    const answer = (await response.json()) as { ok: boolean; message: string; data?: { id?: string } };
    if (!answer.ok) throw new Error(`a write was refused (${response.status}): ${answer.message}`);
    return answer;
  };
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      if (added) {
        await post({ intent: "delete", id: added, version: "1" });
        added = undefined;
      } else {
        const answer = await post({
          intent: "create",
          title: "벤치마크 일정",
          startDate: "2099-01-01",
          startTime: "18:00",
          endDate: "2099-01-01",
          endTime: "19:00",
          location: "동아리방",
          description: "",
        });
        added = answer.data?.id;
      }
      const took = performance.now() - started;
      times.push(took);
      await delay(Math.max(0, intervalMs - took)); // the pace of a manager's saves
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      // Leave the content as it was found.
      if (added) await post({ intent: "delete", id: added, version: "1" });
      return times;
    },
  };
}
