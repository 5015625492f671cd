// Manager accounts from the command line: `npm run admin -- <command>`. Works on the
// configured database (SQLite by default, PostgreSQL with DATABASE_URL). Passwords are never
// printed: they are typed without echo, or given with --password, or piped on standard input.
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "#server/config.ts";
import { type Db, openDatabase } from "#server/db/database.ts";
import {
  AccountExistsError,
  AccountNotFoundError,
  createAccount,
  deleteAccountByEmail,
  LastAccountError,
  listAccounts,
  resetPassword,
  resetSecondFactors,
} from "#server/domain/accounts/accounts.ts";
import { emailAddressSchema } from "#server/domain/accounts/email.ts";
import { passwordSchema } from "#server/domain/accounts/passwords.ts";
import { migrateDatabase } from "#server/migrate.ts";

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create <email>           Create an account.
  list                     List accounts with their active sessions.
  delete <email>           Delete an account and end their sessions (never the last one).
  reset-password <email>   Set a new password and end all of that account's sessions.
  reset-2fa <email>        Remove the account's passkeys, authenticator app and recovery
                           codes (a lost phone) and end all of their sessions.

Options for create and reset-password:
  --password <password>    The password (visible in the shell's history: prefer the prompt).
Without --password the password is asked twice without echo, or read from standard input
when that is not a terminal:  printf '%s\\n' "$PASSWORD" | npm run admin -- create a@b.org
`;

/** Who the audit log names for changes made here. */
const ACTOR = "system";

class UsageError extends Error {
  override name = "UsageError";
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
    options: { password: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  const [command, ...rest] = positionals;
  if (values.help || command === undefined || command === "help") {
    process.stdout.write(USAGE);
    return;
  }
  const commands: Record<string, (db: Db) => Promise<void>> = {
    create: async (db) => {
      const email = emailArgument(rest);
      const password = await readNewPassword(values.password);
      await createAccount(db, { email, password, actor: ACTOR });
      console.log(`Created account ${email}.`);
    },
    list: async (db) => {
      if (rest.length > 0) throw new UsageError("list takes no arguments.");
      const accounts = await listAccounts(db);
      if (accounts.length === 0) {
        console.log("No accounts yet.");
        return;
      }
      console.table(
        accounts.map((account) => ({
          email: account.email,
          created: account.createdAt,
          "password changed": account.updatedAt,
          "active sessions": account.activeSessions,
        })),
      );
    },
    delete: async (db) => {
      const email = emailArgument(rest);
      await deleteAccountByEmail(db, { email, actor: ACTOR });
      console.log(`Deleted account ${email} and ended their sessions.`);
    },
    "reset-password": async (db) => {
      const email = emailArgument(rest);
      const password = await readNewPassword(values.password);
      const ended = await resetPassword(db, { email, password, actor: ACTOR });
      console.log(`Set a new password for ${email} and ended ${ended} session(s).`);
    },
    "reset-2fa": async (db) => {
      const email = emailArgument(rest);
      const result = await resetSecondFactors(db, { email, actor: ACTOR });
      console.log(
        `Removed ${result.passkeys} passkey(s)` +
          `${result.authenticatorApp ? ", the authenticator app and its recovery codes" : ""} of ${email}` +
          ` and ended ${result.endedSessions} session(s). They can sign in with their password now.`,
      );
    },
  };
  const run = commands[command];
  if (!run) throw new UsageError(`Unknown command "${command}".`);

  const database = openDatabase(loadConfig().database);
  try {
    await migrateDatabase(database.db);
    await run(database.db);
  } finally {
    await database.close();
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
  const known =
    error instanceof UsageError ||
    error instanceof ConfigError ||
    error instanceof AccountExistsError ||
    error instanceof AccountNotFoundError ||
    error instanceof LastAccountError;
  console.error(known ? (error as Error).message : error);
  if (error instanceof UsageError) console.error("Run `npm run admin -- help` for the commands.");
  process.exitCode = 1;
}
