import { createCookie, data, type RouterContextProvider, redirect } from "react-router";
import { DEVICE_COOKIE_NAME, DEVICE_LIFETIME_MS, isDeviceToken } from "#server/domain/accounts/devices.ts";
import { authorOfSession } from "#server/domain/accounts/session-author.ts";
import {
  type ActiveSession,
  findActiveSession,
  isSessionToken,
  type NewSession,
  SESSION_COOKIE_NAME,
} from "#server/domain/accounts/sessions.ts";
import { CHALLENGE_LIFETIME_MS, isChallengeToken } from "#server/domain/accounts/sign-in-challenges.ts";
import { roleForAdminPath } from "#server/domain/write/admin-pages.ts";
import { NOBODY, type WriteAuthor } from "#server/domain/write/content-type.ts";
import { ForbiddenError, failureAnswer, OWNER_ONLY_MESSAGE, UNAUTHORIZED_MESSAGE } from "#server/failures.ts";
import { clientAddressContext, getServices, sessionContext } from "#server/http/router-context.ts";
import { type Role, roleAllows } from "#shared/roles.ts";
import { cacheHeader, setCachePolicy } from "./cache-policy.ts";

/**
 * The admin area's guard. The admin layout route runs `adminAreaMiddleware` for every page,
 * action and resource route under /admin; a resource route can also call
 * `requireAccount(args)` itself. Without a valid session a page request is sent to the
 * sign-in page with its address to come back to, and anything else is answered 401.
 */
interface RequestArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  /** The request's address without React Router's `.data` suffix. */
  url: URL;
}

export const SIGN_IN_PATH = "/admin/login";
/** Where a right password goes when the manager has a second factor on. */
export const SECOND_FACTOR_PATH = "/admin/login/verify";

/**
 * A cookie holding one random token: httpOnly, same-site, secure over HTTPS, and read only when
 * its value has the token's shape. The session, device and sign-in-step cookies are made here.
 */
function tokenCookie(name: string, path: string, isToken: (value: unknown) => value is string, maxAgeMs?: number) {
  const cookie = createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    path,
    ...(maxAgeMs === undefined ? {} : { maxAge: Math.floor(maxAgeMs / 1000) }),
  });
  return {
    async read(request: Request): Promise<string | undefined> {
      const value: unknown = await cookie.parse(request.headers.get("Cookie"));
      return isToken(value) ? value : undefined;
    },
    /** `maxAge` in seconds replaces the cookie's own lifetime (undefined: a browser-session cookie). */
    header(request: Request, token: string, lifetime?: { maxAge: number | undefined }): Promise<string> {
      return cookie.serialize(token, { secure: isHttps(request), ...lifetime });
    },
    cleared(request: Request): Promise<string> {
      return cookie.serialize("", { secure: isHttps(request), maxAge: 0 });
    },
  };
}

const sessionCookie = tokenCookie(SESSION_COOKIE_NAME, "/", isSessionToken);
/** The known-device cookie (see devices.ts): sent only to the admin area, kept for a year. */
const deviceCookie = tokenCookie(DEVICE_COOKIE_NAME, "/admin", isDeviceToken, DEVICE_LIFETIME_MS);
/**
 * The cookie carrying a sign-in between its steps (sign-in-challenges.ts): a passkey challenge,
 * or a password waiting for its code. It lives as long as the challenge does.
 */
const challengeCookie = tokenCookie("club_sign_in", "/admin", isChallengeToken, CHALLENGE_LIFETIME_MS);

export const readDeviceToken = deviceCookie.read;
export const readChallengeToken = challengeCookie.read;
export const readSessionToken = sessionCookie.read;
export const clearedChallengeCookieHeader = challengeCookie.cleared;
export const clearedSessionCookieHeader = sessionCookie.cleared;

export function deviceCookieHeader(request: Request, token: string): Promise<string> {
  return deviceCookie.header(request, token);
}

export function challengeCookieHeader(request: Request, token: string): Promise<string> {
  return challengeCookie.header(request, token);
}

/**
 * The Set-Cookie header for a new session. "Stay signed in" gives a cookie that lasts as long as
 * the session (30 days); otherwise the cookie has no lifetime and ends with the browser session.
 */
export function sessionCookieHeader(request: Request, session: NewSession): Promise<string> {
  return sessionCookie.header(request, session.token, {
    maxAge: session.persistent ? Math.floor((session.expiresAt.getTime() - Date.now()) / 1000) : undefined,
  });
}

/**
 * The cookies of a sign-in that worked: the new session's, the device cookie of a browser not
 * known yet, and the finished sign-in step's cleared.
 */
export async function signedInHeaders(
  request: Request,
  signedIn: { session: NewSession; deviceToken?: string | undefined },
): Promise<Headers> {
  const headers = new Headers();
  headers.append("Set-Cookie", await challengeCookie.cleared(request));
  headers.append("Set-Cookie", await sessionCookieHeader(request, signedIn.session));
  if (signedIn.deviceToken) headers.append("Set-Cookie", await deviceCookieHeader(request, signedIn.deviceToken));
  return headers;
}

function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/** The request's session, looked up once per request; null when there is none. */
export async function currentSession(args: Omit<RequestArgs, "url">): Promise<ActiveSession | null> {
  const known = args.context.get(sessionContext);
  if (known) return known.session;
  const token = await readSessionToken(args.request);
  const session = token ? ((await findActiveSession(getServices(args.context).db, token)) ?? null) : null;
  args.context.set(sessionContext, { session });
  return session;
}

/**
 * Who a request writes as (see WriteAuthor): the signed-in manager, or nobody yet; and the
 * browser it came from, with the tokens of its device and sign-in step cookies.
 */
export async function writeAuthorOf(args: Omit<RequestArgs, "url">): Promise<WriteAuthor> {
  const { request, context } = args;
  const session = await currentSession(args);
  const client = {
    address: context.get(clientAddressContext),
    // Passkeys belong to the configured SITE_URL's host, else to the host the request came to.
    origin: new URL(getServices(context).config.siteUrl ?? request.url).origin,
    userAgent: request.headers.get("user-agent") ?? undefined,
    deviceToken: await readDeviceToken(request),
    challengeToken: await readChallengeToken(request),
  };
  if (!session) return { actor: NOBODY, client };
  return authorOfSession(session, client);
}

/** The signed-in manager's session, or the refusal thrown for this kind of request. */
export async function requireSignedIn(args: RequestArgs): Promise<ActiveSession> {
  const session = await currentSession(args);
  if (session) return session;
  if (isPageRequest(args.request)) throw redirect(signInPathFor(args.url));
  throw data(UNAUTHORIZED_MESSAGE, {
    status: 401,
    statusText: "Unauthorized",
    headers: cacheHeader("none"),
  });
}

/**
 * The signed-in manager's session when their role allows `needed`. An editor is refused with
 * 403: a page (or its data) with the admin area's 403 page, anything else with the one write
 * answer in Korean.
 */
export async function requireRole(args: RequestArgs, needed: Role): Promise<ActiveSession> {
  const session = await requireSignedIn(args);
  if (roleAllows(session.account.role, needed)) return session;
  const { request } = args;
  if (isPageRequest(request) || new URL(request.url).pathname.endsWith(".data")) {
    throw data(OWNER_ONLY_MESSAGE, { status: 403, statusText: "Forbidden", headers: cacheHeader("none") });
  }
  throw Response.json(failureAnswer(new ForbiddenError(403, OWNER_ONLY_MESSAGE)), {
    status: 403,
    headers: cacheHeader("none"),
  });
}

/**
 * Guards every route under the admin layout: a session, and the role its address needs
 * (roleForAdminPath, from the content types' and pages' declarations). Admin responses are
 * never stored by caches.
 */
export async function adminAreaMiddleware(args: RequestArgs, next: () => Promise<Response>): Promise<Response> {
  try {
    await requireRole(args, roleForAdminPath(args.url.pathname));
  } catch (refusal) {
    // The write answer goes out as it is, not rendered into a page.
    if (refusal instanceof Response && refusal.status === 403) return refusal;
    throw refusal;
  }
  const response = await next();
  setCachePolicy(response.headers, "none");
  response.headers.set("X-Robots-Tag", "noindex");
  return response;
}

/** A browser loading a page (or React Router loading a page's data), not a write or a fetch. */
function isPageRequest(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (new URL(request.url).pathname.endsWith(".data")) return true;
  return (
    request.headers.get("Sec-Fetch-Mode") === "navigate" || (request.headers.get("Accept") ?? "").includes("text/html")
  );
}

export function signInPathFor(url: URL): string {
  const back = `${url.pathname}${url.search}`;
  return back === "/admin" ? SIGN_IN_PATH : `${SIGN_IN_PATH}?redirectTo=${encodeURIComponent(back)}`;
}

/**
 * Where to go after signing in: an address inside the admin area, else the dashboard. Anything
 * that could leave the site (other hosts, protocol-relative or backslash tricks) is ignored.
 */
export function safeRedirectTarget(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) {
    return "/admin";
  }
  try {
    const base = "http://club.invalid";
    const target = new URL(value, base);
    const inside = target.pathname === "/admin" || target.pathname.startsWith("/admin/");
    if (target.origin !== base || !inside || target.pathname.startsWith(SIGN_IN_PATH)) {
      return "/admin";
    }
    return `${target.pathname}${target.search}`;
  } catch {
    return "/admin";
  }
}
