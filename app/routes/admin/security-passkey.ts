import { z } from "zod";
import { limitedMessage, retryAfterHeader } from "#app/lib/sign-in-messages.ts";
import { checkAccountPassword } from "#server/domain/accounts/account-checks.ts";
import {
  MAX_PASSKEYS,
  passkeyNameSchema,
  passkeyRegistrationOptions,
  registerPasskey,
  registrationResponseSchema,
} from "#server/domain/accounts/passkeys.ts";
import { jsonAnswer } from "#server/http/json-answer.ts";
import { clientAddressContext, getServices } from "#server/http/router-context.ts";
import {
  challengeCookieHeader,
  clearedChallengeCookieHeader,
  readChallengeToken,
  readPasskeyStep,
  requireSignedIn,
} from "#server/http/session-guard.ts";
import type { Route } from "./+types/security-passkey";

/**
 * POST /admin/security/passkey: adding a passkey for the signed-in manager, in two calls from the
 * account page. `{"step":"options","password":"…"}` checks the current password and answers
 * the WebAuthn options (and sets the challenge cookie); `{"step":"verify","response":…,"name":"…"}` checks the authenticator's answer and
 * keeps the passkey. Answers are JSON: `{ok:true}` or `{ok:false, message}` with a 4xx.
 */
const requestSchema = z.discriminatedUnion("step", [
  z.object({ step: z.literal("options"), password: z.string().max(1024) }),
  z.object({ step: z.literal("verify"), response: registrationResponseSchema, name: passkeyNameSchema }),
]);

export async function action(args: Route.ActionArgs) {
  const session = await requireSignedIn(args);
  const { request, context } = args;
  const { db } = getServices(context);
  const step = await readPasskeyStep(request, context, requestSchema);
  if (!step.ok) return step.response;
  const { input, rp } = step;
  if (input.step === "options") {
    const checked = await checkAccountPassword(db, {
      session,
      password: input.password,
      clientAddress: context.get(clientAddressContext),
    });
    if (checked === "refused") return jsonAnswer(400, { ok: false, message: "현재 비밀번호가 올바르지 않습니다." });
    if (checked !== "accepted") {
      return jsonAnswer(
        429,
        { ok: false, message: limitedMessage(checked.retryAt) },
        { headers: retryAfterHeader(checked.retryAt) },
      );
    }
    const started = await passkeyRegistrationOptions(db, session.account, rp);
    if ("full" in started) {
      return jsonAnswer(409, {
        ok: false,
        message: `패스키는 ${MAX_PASSKEYS}개까지 등록할 수 있습니다. 안 쓰는 것을 먼저 삭제해 주세요.`,
      });
    }
    return jsonAnswer(
      200,
      { ok: true, options: started.options },
      { cookies: [await challengeCookieHeader(request, started.token)] },
    );
  }
  const result = await registerPasskey(db, {
    account: session.account,
    token: await readChallengeToken(request),
    response: input.response,
    name: input.name,
    rp,
  });
  const cleared = await clearedChallengeCookieHeader(request);
  if (result.outcome === "added") return jsonAnswer(200, { ok: true, passkey: result.passkey }, { cookies: [cleared] });
  if (result.outcome === "expired") {
    return jsonAnswer(
      400,
      { ok: false, message: "확인 시간이 지났습니다. 패스키 추가를 다시 눌러 주세요." },
      { cookies: [cleared] },
    );
  }
  return jsonAnswer(
    400,
    { ok: false, message: "기기의 응답을 확인하지 못해 패스키를 추가하지 않았습니다." },
    { cookies: [cleared] },
  );
}
