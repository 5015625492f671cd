import { z } from "zod";
import { limitedMessage, retryAfterHeader } from "#app/lib/sign-in-messages.ts";
import { signInWithPasskey } from "#server/domain/accounts/passkey-sign-in.ts";
import { authenticationResponseSchema, passkeySignInOptions } from "#server/domain/accounts/passkeys.ts";
import { jsonAnswer } from "#server/http/json-answer.ts";
import { clientAddressContext, getServices } from "#server/http/router-context.ts";
import {
  challengeCookieHeader,
  clearedChallengeCookieHeader,
  deviceCookieHeader,
  readChallengeToken,
  readDeviceToken,
  readPasskeyStep,
  safeRedirectTarget,
  sessionCookieHeader,
} from "#server/http/session-guard.ts";
import type { Route } from "./+types/login-passkey";

/**
 * POST /admin/login/passkey: signing in with a passkey, in two calls from the sign-in page.
 * `{"step":"options"}` answers the WebAuthn options (and sets the challenge cookie);
 * `{"step":"verify","response":…}` checks the authenticator's answer and opens the session.
 * Answers are JSON: `{ok:true, redirectTo}` or `{ok:false, message}` with a 4xx.
 */
const requestSchema = z.discriminatedUnion("step", [
  z.object({ step: z.literal("options"), persistent: z.boolean().default(false) }),
  z.object({ step: z.literal("verify"), response: authenticationResponseSchema, redirectTo: z.string().optional() }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = getServices(context);
  const step = await readPasskeyStep(request, context, requestSchema);
  if (!step.ok) return step.response;
  const { input, rp } = step;
  if (input.step === "options") {
    const { options, token } = await passkeySignInOptions(db, rp, input.persistent);
    return jsonAnswer(200, { ok: true, options }, { cookies: [await challengeCookieHeader(request, token)] });
  }
  const result = await signInWithPasskey(db, {
    challengeToken: await readChallengeToken(request),
    response: input.response,
    rp,
    clientAddress: context.get(clientAddressContext),
    userAgent: request.headers.get("user-agent") ?? undefined,
    deviceToken: await readDeviceToken(request),
  });
  const cleared = await clearedChallengeCookieHeader(request);
  switch (result.outcome) {
    case "signed-in": {
      const cookies = [cleared, await sessionCookieHeader(request, result.session)];
      if (result.deviceToken) cookies.push(await deviceCookieHeader(request, result.deviceToken));
      return jsonAnswer(200, { ok: true, redirectTo: safeRedirectTarget(input.redirectTo) }, { cookies });
    }
    case "limited":
      return jsonAnswer(
        429,
        { ok: false, message: limitedMessage(result.retryAt) },
        {
          cookies: [cleared],
          headers: retryAfterHeader(result.retryAt),
        },
      );
    case "expired":
      return jsonAnswer(
        400,
        { ok: false, message: "패스키 확인 시간이 지났습니다. 패스키로 로그인을 다시 눌러 주세요." },
        { cookies: [cleared] },
      );
    default:
      return jsonAnswer(
        401,
        {
          ok: false,
          message:
            "이 사이트에 등록된 패스키가 아니거나 확인에 실패했습니다. 다른 패스키나 비밀번호로 로그인해 주세요.",
        },
        { cookies: [cleared] },
      );
  }
}
