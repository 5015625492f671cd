import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/server";
import { credentials } from "#server/domain/accounts/content-type.ts";
import { runNamedCommand } from "#server/domain/write/content-type.ts";
import { formText } from "#server/domain/write/form-input.ts";
import { getServices } from "#server/http/router-context.ts";
import {
  challengeCookieHeader,
  clearedChallengeCookieHeader,
  requireSignedIn,
  writeAuthorOf,
} from "#server/http/session-guard.ts";
import { answer, readWriteForm } from "#server/http/write-endpoint.ts";
import type { Route } from "./+types/security-passkey";

/**
 * POST /admin/security/passkey: adding a passkey for the signed-in manager, in two calls from the
 * account page, each a command. `intent=passkey-begin` checks the current password and answers
 * the WebAuthn options (the step's token goes into its cookie); `intent=passkey-add` checks the
 * device's answer (`response`, JSON) and keeps the passkey under `name`. Answers are the one
 * write answer, as JSON.
 */
export async function action(args: Route.ActionArgs) {
  await requireSignedIn(args);
  const { request, context } = args;
  const by = await writeAuthorOf(args);
  const read = await readWriteForm(args, credentials, by);
  if (!("form" in read)) return answer(read.result);
  const { form } = read;
  const intent = formText(form, "intent") === "passkey-add" ? "passkey-add" : "passkey-begin";
  const result = await runNamedCommand(getServices(context), by, credentials, intent, form);
  if (intent === "passkey-add") return answer(result, [await clearedChallengeCookieHeader(request)]);
  if (!result.ok) return answer(result);
  const { options, token } = result.data as { options: PublicKeyCredentialCreationOptionsJSON; token: string };
  return answer({ ...result, data: { options } }, [await challengeCookieHeader(request, token)]);
}
