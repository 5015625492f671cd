import { redirect } from "react-router";
import { credentials } from "#server/domain/accounts/content-type.ts";
import {
  clearedSessionCookieHeader,
  requireSignedIn,
  SIGN_IN_PATH,
  writeAuthorOf,
} from "#server/http/session-guard.ts";
import { writeFromRequest } from "#server/http/write-endpoint.ts";
import type { Route } from "./+types/sign-out";

/**
 * Signing out is a POST from the shell's button: the `sign-out` command deletes the session's
 * row (with its entry), and the cookie is cleared here.
 */
export async function action(args: Route.ActionArgs) {
  await requireSignedIn(args);
  await writeFromRequest(args, credentials, await writeAuthorOf(args), { intent: "sign-out" });
  return redirect(`${SIGN_IN_PATH}?signedOut=1`, {
    status: 303,
    headers: { "Set-Cookie": await clearedSessionCookieHeader(args.request) },
  });
}

/** Opening the address itself signs nobody out. */
export function loader() {
  return redirect("/admin");
}
