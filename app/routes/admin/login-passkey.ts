import { credentials } from "#server/domain/accounts/content-type.ts";
import { passkeySignInOptions, relyingParty } from "#server/domain/accounts/passkeys.ts";
import type { SignedIn } from "#server/domain/accounts/sign-in-steps.ts";
import { runNamedCommand } from "#server/domain/write/content-type.ts";
import { formChecked, formText } from "#server/domain/write/form-input.ts";
import { getServices } from "#server/http/router-context.ts";
import {
  challengeCookieHeader,
  clearedChallengeCookieHeader,
  safeRedirectTarget,
  signedInHeaders,
  writeAuthorOf,
} from "#server/http/session-guard.ts";
import { answer, readWriteForm } from "#server/http/write-endpoint.ts";
import type { Route } from "./+types/login-passkey";

/**
 * POST /admin/login/passkey: signing in with a passkey, in two calls from the sign-in page.
 * `intent=options` answers the WebAuthn options and sets the step's cookie: it stores only a
 * one-time challenge, like a form's token, so it is no command (nobody is signed in, and no
 * anonymous request may empty the page cache). `intent=passkey` with the authenticator's
 * answer (`response`, JSON) runs the `passkey` command and opens the session. Answers are the
 * one write answer, as JSON.
 */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const services = getServices(context);
  const by = await writeAuthorOf(args);
  const read = await readWriteForm(args, credentials, by);
  if (!("form" in read)) return answer(read.result);
  const { form } = read;
  if (formText(form, "intent") === "options") {
    const rp = await relyingParty(services.db, by.client?.origin ?? new URL(request.url).origin);
    const { options, token } = await passkeySignInOptions(services.db, rp, formChecked(form, "persistent"));
    const ready = { ok: true, status: 200, message: "기기에서 패스키를 골라 주세요.", data: { options } };
    return answer(ready, [await challengeCookieHeader(request, token)]);
  }
  const result = await runNamedCommand(services, by, credentials, "passkey", form);
  if (!result.ok) return answer(result, [await clearedChallengeCookieHeader(request)]);
  const headers = await signedInHeaders(request, result.data as SignedIn);
  const done = {
    ok: true,
    status: 200,
    message: result.message,
    data: { redirectTo: safeRedirectTarget(formText(form, "redirectTo")) },
  };
  return answer(done, headers.getSetCookie());
}
