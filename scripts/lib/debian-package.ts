import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Makes sure a program from Debian's packages is there: as root on Debian it installs the
 * package when the program is missing; otherwise it says the one command to run. Returns false
 * (having said why) when the program cannot be had.
 */
export function ensureDebianPackage(options: {
  program: string;
  packageName: string;
  /** Why it is wanted, for the messages. */
  purpose: string;
  /** Set when the user chose the program's path: it is never installed over. */
  chosenPath?: string | undefined;
}): boolean {
  const { program, packageName, purpose } = options;
  if (existsSync(program)) return true;
  const isRoot = process.getuid?.() === 0;
  if (options.chosenPath || !isRoot || !existsSync("/usr/bin/apt-get")) {
    console.error(`${program} is missing (${purpose}): install it with \`sudo apt-get install -y ${packageName}\`.`);
    return false;
  }
  console.log(`Installing Debian's ${packageName} package (${purpose})…`);
  const apt = (...args: string[]) =>
    execFileSync("apt-get", args, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  try {
    apt("install", "-y", "--no-install-recommends", packageName);
  } catch {
    apt("update");
    apt("install", "-y", "--no-install-recommends", packageName);
  }
  if (existsSync(program)) return true;
  console.error(`The ${packageName} package installed, but ${program} is still missing.`);
  return false;
}
