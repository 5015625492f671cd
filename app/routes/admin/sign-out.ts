import { redirect } from "react-router";
import { signOut } from "#server/domain/accounts/authentication.ts";
import { getServices } from "#server/http/router-context.ts";
import { clearedSessionCookieHeader, requireSignedIn, SIGN_IN_PATH } from "#server/http/session-guard.ts";
import type { Route } from "./+types/sign-out";

/** Signing out is a POST from the shell's button: the session row is deleted, the cookie cleared. */
export async function action(args: Route.ActionArgs) {
  const session = await requireSignedIn(args);
  await signOut(getServices(args.context).db, session);
  return redirect(`${SIGN_IN_PATH}?signedOut=1`, {
    status: 303,
    headers: { "Set-Cookie": await clearedSessionCookieHeader(args.request) },
  });
}

/** Opening the address itself signs nobody out. */
export function loader() {
  return redirect("/admin");
}
