import { type Account, createAccount } from "#server/domain/accounts/accounts.ts";
import { credentialsContent, myAccountContent } from "#server/domain/accounts/content-type.ts";
import type { PasswordSignIn } from "#server/domain/accounts/password-sign-in.ts";
import { authorOfSession } from "#server/domain/accounts/session-author.ts";
import { findActiveSession } from "#server/domain/accounts/sessions.ts";
import type { LimitPolicy } from "#server/domain/accounts/sign-in-limiter.ts";
import type { SignedIn } from "#server/domain/accounts/sign-in-steps.ts";
import { NOBODY, runNamedCommand, type WriteAuthor, type WriteClient } from "#server/domain/write/content-type.ts";
import type { Services } from "#server/services.ts";
import type { Role } from "#shared/roles.ts";
import type { WriteResult } from "#shared/write-result.ts";

/**
 * The account commands as the pages run them (the one write path: `runNamedCommand`), for the
 * integration suites: a browser without a session, a signed-in manager, and the steps of signing
 * in, each at a time and under a limiter policy the test chooses.
 */
export interface When {
  /** The time the command runs at (default: now). */
  at?: Date | undefined;
  policy?: LimitPolicy | undefined;
}

type AccountType = "credentials" | "my-account";

/** A form as the account pages send it. */
export function formOf(fields: Record<string, string | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, value);
  return form;
}

/** Runs one account command as `by`, with the test's clock and policy. */
export function runAccountCommand<T = unknown>(
  services: Services,
  input: { type: AccountType; intent: string; by: WriteAuthor; fields?: Record<string, string | undefined> } & When,
): Promise<WriteResult<T>> {
  const options = { now: () => input.at ?? new Date(), policy: input.policy };
  const type = input.type === "credentials" ? credentialsContent(options) : myAccountContent(options);
  const form = formOf(input.fields ?? {});
  return runNamedCommand(services, input.by, type, input.intent, form) as Promise<WriteResult<T>>;
}

/** A browser with no session, at `address`. */
export function visitor(client: Partial<WriteClient> & { address: string }): WriteAuthor {
  return { actor: NOBODY, client: { origin: "http://localhost", ...client } };
}

/** The manager a session token belongs to, writing from `client`. */
export async function signedInWith(
  services: Services,
  token: string,
  client: Partial<WriteClient> = {},
): Promise<WriteAuthor> {
  const session = await findActiveSession(services.db, token);
  if (!session) throw new Error("The session is missing");
  return authorOfSession(session, { address: "198.51.100.250", origin: "http://localhost", ...client });
}

/** The password step, as the sign-in page sends it. */
export function signInWithPassword(
  services: Services,
  input: { email: string; password: string; persistent?: boolean; address: string } & Partial<WriteClient> & When,
): Promise<WriteResult<PasswordSignIn>> {
  const { email, password, persistent, at, policy, ...client } = input;
  return runAccountCommand<PasswordSignIn>(services, {
    type: "credentials",
    intent: "password",
    by: visitor(client),
    fields: { email, password, persistent: persistent ? "on" : undefined },
    at,
    policy,
  });
}

/** The code step, as the code page sends it: the main box (`code`) or the recovery box. */
export function enterCode(
  services: Services,
  input: { challengeToken: string; code?: string; recoveryCode?: string; address: string; userAgent?: string } & When,
): Promise<WriteResult<SignedIn>> {
  const { code, recoveryCode, at, policy, ...client } = input;
  return runAccountCommand<SignedIn>(services, {
    type: "credentials",
    intent: "code",
    by: visitor(client),
    fields: { code, recoveryCode },
    at,
    policy,
  });
}

/**
 * A sign-in step's answer in a word: what it did, or how it was refused ("rejected": a wrong
 * password or code; "limited": too many failures; "expired": the step is over).
 */
export function outcomeOf(result: WriteResult<PasswordSignIn | SignedIn>): string {
  if (result.ok) return result.data?.outcome ?? "ok";
  const refusals: Record<number, string> = { 401: "rejected", 429: "limited", 410: "expired", 400: "invalid" };
  return refusals[result.status] ?? `status ${result.status}`;
}

/** The data of an answer that must have succeeded. */
export function succeeded<T>(result: WriteResult<T>): T {
  if (!result.ok) throw new Error(`Expected success, got ${result.status}: ${result.message}`);
  return result.data as T;
}

/** A manager account made as the command line makes one (a test's fixture). */
export async function addAccount(services: Services, email: string, password: string, role?: Role): Promise<Account> {
  return succeeded(await createAccount(services, { email, password, actor: "system", role }));
}

/** What the page a one-time link opens sends: the `accept-invite` or `reset-password` command. */
export function sendLinkForm(
  services: Services,
  page: "invite" | "reset",
  token: string,
  fields: Record<string, string>,
): Promise<WriteResult<unknown>> {
  return runAccountCommand(services, {
    type: "credentials",
    intent: page === "invite" ? "accept-invite" : "reset-password",
    by: visitor({ address: "192.0.2.99" }),
    fields: { ...fields, token },
  });
}

/** The same, named as the command line names it: `{ email, password, actor }`. */
export function newAccount(
  services: Services,
  input: { email: string; password: string; actor?: string; role?: Role },
) {
  return addAccount(services, input.email, input.password, input.role);
}
