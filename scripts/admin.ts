// Manager accounts from the command line: `npm run admin -- <command>`. Works on the
// configured database (SQLite by default, PostgreSQL with DATABASE_URL). Passwords are never
// printed: they are typed without echo, or given with --password, or piped on standard input.
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "#server/config.ts";
import {
  countAccounts,
  createAccount,
  deleteAccountByEmail,
  findAccountByEmail,
  listAccounts,
  resetPassword,
  resetSecondFactors,
} from "#server/domain/accounts/accounts.ts";
import { emailAddressSchema } from "#server/domain/accounts/email.ts";
import { passwordSchema } from "#server/domain/accounts/passwords.ts";
import { createLogger } from "#server/logger.ts";
import { openServices, type Services } from "#server/services.ts";
import { isRole } from "#shared/roles.ts";
import type { WriteResult } from "#shared/write-result.ts";

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create <email>           Create an account (an owner unless --role editor).
  list                     List accounts with their roles and active sessions.
  delete <email>           Delete an account and end their sessions (never the last one).
  reset-password <email>   Set a new password and end all of that account's sessions.
  reset-2fa <email>        Remove the account's passkeys, authenticator app and recovery
                           codes (a lost phone) and end all of their sessions.

Options for create and reset-password:
  --password <password>    The password (visible in the shell's history: prefer the prompt).
  --role owner|editor      create only. The default is owner: this command is how the first
                           account is made and how a site whose owners are all gone gets one
                           back, and whoever runs it holds the server already.
Without --password the password is asked twice without echo, or read from standard input
when that is not a terminal:  printf '%s\\n' "$PASSWORD" | npm run admin -- create a@b.org
`;

/** Who the audit log names for changes made here. */
const ACTOR = "system";

/** A refusal told in one line, nothing changed. */
class RefusedError extends Error {
  override name = "RefusedError";
}

class UsageError extends RefusedError {
  override name = "UsageError";
}

/**
 * Each change is a write of the site's one path (runWrite: one transaction with its audit
 * entry); the checks before it word the usual refusals for the command line.
 */
function written<T>(result: WriteResult<T>): T {
  if (!result.ok) throw new RefusedError(`Nothing was changed: ${result.message}`);
  return result.data as T;
}

async function existing(services: Services, email: string) {
  const account = await findAccountByEmail(services.db, email);
  if (!account) throw new RefusedError(`There is no account with the address ${email}.`);
  return account;
}

const emailSchema = emailAddressSchema("is not an e-mail address");
const newPasswordSchema = passwordSchema({
  tooShort: "The password must be at least 6 characters long.",
  tooLong: "The password must be at most 1024 characters long.",
});

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      password: { type: "string" },
      role: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || command === undefined || command === "help") {
    process.stdout.write(USAGE);
    return;
  }
  const commands: Record<string, (services: Services) => Promise<void>> = {
    create: async (services) => {
      const email = emailArgument(rest);
      const role = values.role ?? "owner";
      if (!isRole(role)) throw new UsageError(`--role must be owner or editor, not "${role}".`);
      if (await findAccountByEmail(services.db, email)) {
        throw new RefusedError(`An account with the address ${email} already exists.`);
      }
      const password = await readNewPassword(values.password);
      written(await createAccount(services, { email, password, actor: ACTOR, role }));
      console.log(`Created account ${email} (${role}).`);
    },
    list: async ({ db }) => {
      if (rest.length > 0) throw new UsageError("list takes no arguments.");
      const accounts = await listAccounts(db);
      if (accounts.length === 0) {
        console.log("No accounts yet.");
        return;
      }
      console.table(
        accounts.map((account) => ({
          email: account.email,
          role: account.role,
          "access ends": account.accessEndsAt ?? "",
          created: account.createdAt,
          "password changed": account.updatedAt,
          "active sessions": account.activeSessions,
        })),
      );
    },
    delete: async (services) => {
      const email = emailArgument(rest);
      await existing(services, email);
      if ((await countAccounts(services.db)) <= 1) {
        throw new RefusedError("The last account cannot be deleted: create another one first.");
      }
      written(await deleteAccountByEmail(services, { email, actor: ACTOR }));
      console.log(`Deleted account ${email} and ended their sessions.`);
    },
    "reset-password": async (services) => {
      const email = emailArgument(rest);
      await existing(services, email);
      const password = await readNewPassword(values.password);
      const ended = written(await resetPassword(services, { email, password, actor: ACTOR }));
      console.log(`Set a new password for ${email} and ended ${ended} session(s).`);
    },
    "reset-2fa": async (services) => {
      const email = emailArgument(rest);
      await existing(services, email);
      const result = written(await resetSecondFactors(services, { email, actor: ACTOR }));
      console.log(
        `Removed ${result.passkeys} passkey(s)` +
          `${result.authenticatorApp ? ", the authenticator app and its recovery codes" : ""} of ${email}` +
          ` and ended ${result.endedSessions} session(s). They can sign in with their password now.`,
      );
    },
  };
  if (values.role !== undefined && command !== "create") throw new UsageError("--role goes with create only.");
  const run = commands[command];
  if (!run) throw new UsageError(`Unknown command "${command}".`);

  const services = await openServices(loadConfig(), createLogger("warn"), { pageCache: false });
  try {
    await run(services);
  } finally {
    await services.close();
  }
}

function emailArgument(rest: string[]): string {
  if (rest.length !== 1) throw new UsageError("Give exactly one e-mail address.");
  const parsed = emailSchema.safeParse(rest[0]);
  if (!parsed.success) throw new UsageError(`"${rest[0]}" is not an e-mail address.`);
  return parsed.data;
}

/** From --password, else typed twice without echo, else the first line of standard input. */
async function readNewPassword(option: string | undefined): Promise<string> {
  let password: string;
  if (option !== undefined) {
    password = option;
  } else if (process.stdin.isTTY) {
    password = await readHidden("New password: ");
    const again = await readHidden("Repeat it: ");
    if (again !== password) throw new UsageError("The two passwords differ: nothing was changed.");
  } else {
    password = await readFirstLine();
  }
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]?.message ?? "Invalid password.");
  return parsed.data;
}

async function readFirstLine(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes("\n")) break;
  }
  return text.split(/\r?\n/)[0] ?? "";
}

/** Reads one line from the terminal with echo off; Ctrl-C cancels. */
function readHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  // Echo goes off before the prompt appears, so nothing typed after it can be echoed.
  input.setRawMode(true);
  input.setEncoding("utf8");
  input.resume();
  process.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let value = "";
    const finish = () => {
      input.off("data", onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write("\n");
    };
    const onData = (chunk: string) => {
      // Arrow keys and other escape sequences are not part of a password.
      if (chunk.startsWith("\u001b")) return;
      for (const character of chunk) {
        if (character === "\r" || character === "\n" || character === "\u0004") {
          finish();
          resolve(value);
          return;
        }
        if (character === "\u0003") {
          finish();
          reject(new UsageError("Cancelled: nothing was changed."));
          return;
        }
        if (character === "\u007f" || character === "\b") {
          value = [...value].slice(0, -1).join("");
        } else if (character >= " ") {
          value += character;
        }
      }
    };
    input.on("data", onData);
  });
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  const known = error instanceof RefusedError || error instanceof ConfigError;
  console.error(known ? error.message : error);
  if (error instanceof UsageError) console.error("Run `npm run admin -- help` for the commands.");
  process.exitCode = 1;
}
