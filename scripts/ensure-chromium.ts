// Makes sure the end-to-end tests have a browser: Debian's Chromium (or CHROMIUM_PATH).
// As root on Debian it installs the package when missing; otherwise it says what to run.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const wanted = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (!existsSync(wanted)) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (process.env.CHROMIUM_PATH || !isRoot || !hasApt) {
    console.error(
      `Chromium is missing at ${wanted}: install it with \`sudo apt-get install -y chromium\` or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  console.log("Installing Debian's chromium package for the browser tests…");
  const apt = (...args: string[]) =>
    execFileSync("apt-get", args, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  try {
    apt("install", "-y", "--no-install-recommends", "chromium");
  } catch {
    apt("update");
    apt("install", "-y", "--no-install-recommends", "chromium");
  }
  if (!existsSync(wanted)) {
    console.error(`The chromium package installed, but ${wanted} is still missing.`);
    process.exit(1);
  }
}
