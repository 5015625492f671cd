import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  WebAuthnCredential,
} from "@simplewebauthn/server";
import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { displayedClubName, loadOwnSiteSettings } from "#server/domain/site-settings/identity.ts";
import { singleLineText } from "#server/domain/write/text-schemas.ts";
import { MAX_PASSKEY_NAME_LENGTH } from "#shared/account-limits.ts";
import { closeChallenge, findChallenge, openChallenge } from "./sign-in-challenges.ts";

/** SimpleWebAuthn and its certificate parsers are loaded when a passkey is used (some 8 MB). */
const webAuthn = () => import("@simplewebauthn/server");

/**
 * Passkeys (WebAuthn through SimpleWebAuthn). A passkey signs a manager in on its own: the
 * authenticator holds the private key and checks the person (fingerprint, face, PIN), so it is
 * both factors at once. Passkeys are discoverable, so signing in needs no e-mail address.
 * The relying party is the site's own address: SITE_URL when set, else the address the request
 * came to (a passkey made on one host name does not work on another).
 */
export interface RelyingParty {
  /** The host name the passkeys belong to. */
  id: string;
  /** The page origin the browser must report. */
  origin: string;
  /** Shown by the authenticator when it asks which account to use. */
  name: string;
}

export const MAX_PASSKEYS = 20;
/**
 * EdDSA, ES256 and RS256: what passkeys use. Named here because the library's default asks the
 * runtime about post-quantum keys, which Node answers with an "experimental" warning in the log.
 */
const SUPPORTED_ALGORITHMS = [-8, -7, -257];

export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export async function listPasskeys(db: Db, accountId: string): Promise<Passkey[]> {
  const rows = await db
    .selectFrom("passkeys")
    .select(["id", "name", "created_at", "last_used_at"])
    .where("account_id", "=", accountId)
    .orderBy("created_at", "asc")
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at }));
}

function transportsOf(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/** Step one of adding a passkey: the options for the browser, and the challenge's cookie token. */
export async function passkeyRegistrationOptions(
  db: Db,
  account: { id: string; email: string },
  rp: RelyingParty,
  now: Date = new Date(),
): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; token: string } | { full: true }> {
  const existing = await db
    .selectFrom("passkeys")
    .select(["id", "transports"])
    .where("account_id", "=", account.id)
    .execute();
  if (existing.length >= MAX_PASSKEYS) return { full: true };
  const { generateRegistrationOptions } = await webAuthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: account.email,
    userID: new TextEncoder().encode(account.id),
    attestationType: "none",
    // The same authenticator twice would be two names for one key.
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: transportsOf(row.transports) })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
  });
  const token = await openChallenge(
    db,
    { purpose: "passkey-registration", accountId: account.id, challenge: options.challenge },
    now,
  );
  return { options, token };
}

export type CheckedRegistration =
  | { outcome: "verified"; credential: { id: string; publicKey: string; counter: number; transports: string } }
  | { outcome: "expired" }
  | { outcome: "refused" };

/**
 * Step two of adding a passkey: closes the challenge (each is answered once) and checks the
 * authenticator's answer. Keeping the passkey is `keepPasskey`, in the write's transaction.
 */
export async function checkRegistration(
  db: Db,
  input: {
    account: { id: string };
    token: string | undefined;
    response: RegistrationResponseJSON;
    rp: Pick<RelyingParty, "id" | "origin">;
  },
  now: Date = new Date(),
): Promise<CheckedRegistration> {
  const challenge = await findChallenge(db, input.token, "passkey-registration", now);
  if (!challenge?.challenge || challenge.accountId !== input.account.id) return { outcome: "expired" };
  if (!(await closeChallenge(db, challenge.id))) return { outcome: "expired" };
  const { verifyRegistrationResponse } = await webAuthn();
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: input.rp.origin,
      expectedRPID: input.rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    });
  } catch {
    return { outcome: "refused" };
  }
  if (!verification.verified) return { outcome: "refused" };
  const { credential } = verification.registrationInfo;
  return {
    outcome: "verified",
    credential: {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? []),
    },
  };
}

/** Keeps a checked passkey under `name`; false when that credential is registered already. */
export async function keepPasskey(
  trx: Db,
  accountId: string,
  credential: Extract<CheckedRegistration, { outcome: "verified" }>["credential"],
  name: string,
  now: Date = new Date(),
): Promise<Passkey | undefined> {
  const taken = await trx.selectFrom("passkeys").select("id").where("id", "=", credential.id).executeTakeFirst();
  if (taken) return undefined;
  const passkey: Passkey = { id: credential.id, name, createdAt: now.toISOString(), lastUsedAt: null };
  await trx
    .insertInto("passkeys")
    .values({
      id: credential.id,
      account_id: accountId,
      name,
      public_key: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports,
      created_at: passkey.createdAt,
      last_used_at: null,
    })
    .execute();
  return passkey;
}

/** The name of one of the manager's own passkeys, or undefined. */
export async function passkeyName(db: Db, accountId: string, passkeyId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("passkeys")
    .select("name")
    .where("id", "=", passkeyId)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return row?.name;
}

/** Renames one of the manager's own passkeys; false when they have none by that id. */
export async function renamePasskey(trx: Db, accountId: string, passkeyId: string, name: string): Promise<boolean> {
  const updated = await trx
    .updateTable("passkeys")
    .set({ name })
    .where("id", "=", passkeyId)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Removes one of the manager's own passkeys; false when they have none by that id. */
export async function deletePasskey(trx: Db, accountId: string, passkeyId: string): Promise<boolean> {
  const deleted = await trx
    .deleteFrom("passkeys")
    .where("id", "=", passkeyId)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** Step one of signing in with a passkey: any of the site's passkeys may answer. */
export async function passkeySignInOptions(
  db: Db,
  rp: RelyingParty,
  persistent: boolean,
  now: Date = new Date(),
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; token: string }> {
  const { generateAuthenticationOptions } = await webAuthn();
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: "required" });
  const token = await openChallenge(db, { purpose: "passkey-sign-in", challenge: options.challenge, persistent }, now);
  return { options, token };
}

export type PasskeyCheck =
  | {
      outcome: "verified";
      account: { id: string; email: string };
      persistent: boolean;
      passkey: { id: string; name: string; counter: number };
    }
  /** The passkey is known but its answer did not verify: counted against its owner. */
  | { outcome: "refused"; account: { id: string; email: string } }
  | { outcome: "unknown-passkey" }
  | { outcome: "expired" };

/**
 * Step two: finds the passkey that answered and checks its signature against the challenge
 * (closed first: each is answered once). The caller saves its use (`notePasskeyUse`) in the
 * sign-in's transaction.
 */
export async function checkPasskeySignIn(
  db: Db,
  input: { token: string | undefined; response: AuthenticationResponseJSON; rp: RelyingParty },
  now: Date = new Date(),
): Promise<PasskeyCheck> {
  const challenge = await findChallenge(db, input.token, "passkey-sign-in", now);
  if (!challenge?.challenge) return { outcome: "expired" };
  if (!(await closeChallenge(db, challenge.id))) return { outcome: "expired" };
  const row = await db
    .selectFrom("passkeys")
    .innerJoin("accounts", "accounts.id", "passkeys.account_id")
    .select([
      "passkeys.id",
      "passkeys.name",
      "passkeys.public_key",
      "passkeys.counter",
      "passkeys.transports",
      "accounts.id as account_id",
      "accounts.email",
    ])
    .where("passkeys.id", "=", input.response.id)
    .executeTakeFirst();
  if (!row) return { outcome: "unknown-passkey" };
  const account = { id: row.account_id, email: row.email };
  const credential: WebAuthnCredential = {
    id: row.id,
    publicKey: new Uint8Array(Buffer.from(row.public_key, "base64url")),
    counter: Number(row.counter),
    transports: transportsOf(row.transports),
  };
  let verified = false;
  let newCounter = credential.counter;
  const { verifyAuthenticationResponse } = await webAuthn();
  try {
    const result = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: input.rp.origin,
      expectedRPID: input.rp.id,
      credential,
      requireUserVerification: true,
    });
    verified = result.verified;
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    verified = false;
  }
  if (!verified) return { outcome: "refused", account };
  return {
    outcome: "verified",
    account,
    persistent: challenge.persistent,
    passkey: { id: row.id, name: row.name, counter: newCounter },
  };
}

/** A passkey signed in: its counter and last use. */
export async function notePasskeyUse(trx: Db, passkey: { id: string; counter: number }, now: Date = new Date()) {
  await trx
    .updateTable("passkeys")
    .set({ counter: passkey.counter, last_used_at: now.toISOString() })
    .where("id", "=", passkey.id)
    .execute();
}

// The shapes a browser's answer must have before the library checks it in depth.
const credentialFields = {
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal("public-key"),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};
const encoded = z.string().max(64 * 1024);

export const authenticationResponseSchema = z
  .object({
    ...credentialFields,
    response: z.looseObject({
      clientDataJSON: encoded,
      authenticatorData: encoded,
      signature: encoded,
      userHandle: encoded.optional(),
    }),
  })
  .transform((value) => value as AuthenticationResponseJSON);

export const registrationResponseSchema = z
  .object({
    ...credentialFields,
    response: z.looseObject({
      clientDataJSON: encoded,
      attestationObject: encoded,
      transports: z.array(z.string().max(32)).max(10).optional(),
    }),
  })
  .transform((value) => value as RegistrationResponseJSON);

export const passkeyNameSchema = singleLineText()
  .trim()
  .min(1, "패스키 이름을 입력해 주세요.")
  .max(MAX_PASSKEY_NAME_LENGTH, `패스키 이름은 ${MAX_PASSKEY_NAME_LENGTH}자까지 쓸 수 있습니다.`);

/** Whom passkeys belong to: the host of the site's address as the browser sees it (WriteClient.origin). */
export async function relyingParty(db: Db, origin: string): Promise<RelyingParty> {
  const { value: settings } = await loadOwnSiteSettings(db);
  return { id: new URL(origin).hostname, origin, name: `${displayedClubName(settings)} 관리자` };
}

const UNREADABLE_ANSWER = "기기의 응답을 읽을 수 없습니다. 다시 시도해 주세요.";

/** An authenticator's answer as the page sends it: JSON in one form field. */
function answerField<T>(schema: z.ZodType<T>) {
  return z
    .string({ error: UNREADABLE_ANSWER })
    .min(1, UNREADABLE_ANSWER)
    .max(64 * 1024, UNREADABLE_ANSWER)
    .transform((text, ctx): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        ctx.addIssue({ code: "custom", message: UNREADABLE_ANSWER });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** Signing in with a passkey: the authenticator's answer to the challenge. */
export const passkeySignInFields = z.object({ response: answerField(authenticationResponseSchema) });

/** Adding a passkey, step one: the name it will be kept under, and the current password asked again. */
export const passkeyBeginFields = z.object({
  name: passkeyNameSchema,
  password: z.string().min(1, "현재 비밀번호를 입력해 주세요.").max(1024, "비밀번호가 너무 깁니다."),
});

/** Adding a passkey, step two: the authenticator's new key and the name it is kept under. */
export const passkeyAddFields = z.object({
  response: answerField(registrationResponseSchema),
  name: passkeyNameSchema,
});

/** Renaming one of the manager's passkeys. */
export const passkeyRenameFields = z.object({ id: z.string().min(1).max(1024), name: passkeyNameSchema });
