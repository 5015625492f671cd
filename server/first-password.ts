import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where a generated first password is kept when nobody is watching the start: a container's or a
 * service manager's output is a log that stays (`docker compose logs`), so the password goes to a
 * file in the data folder that only the site's user can read, and the log says where.
 */
export const FIRST_PASSWORD_FILE = "first-password.txt";

export interface FirstAccount {
  email: string;
  password: string;
}

/** Writes the file (replacing an older one) readable and writable by this user only; answers its path. */
export async function keepFirstPassword(dataDir: string, account: FirstAccount, signInUrl: string): Promise<string> {
  // With PostgreSQL and a bucket nothing else may have made the folder yet.
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, FIRST_PASSWORD_FILE);
  const text = [
    "The club site's first account, created because none existed.",
    `e-mail:   ${account.email}`,
    `password: ${account.password}`,
    "",
    `Sign in at ${signInUrl}, change the password at /admin/manage-password, then delete this file.`,
    "",
  ].join("\n");
  await writeFile(file, text, { mode: 0o600, flush: true });
  return file;
}
