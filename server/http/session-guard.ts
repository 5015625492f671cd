import { createCookie, data, type RouterContextProvider, redirect } from "react-router";
import type { z } from "zod";
import { DEVICE_COOKIE_NAME, DEVICE_LIFETIME_MS, isDeviceToken } from "#server/domain/accounts/devices.ts";
import type { RelyingParty } from "#server/domain/accounts/passkeys.ts";
import {
  type ActiveSession,
  findActiveSession,
  isSessionToken,
  type NewSession,
  SESSION_COOKIE_NAME,
} from "#server/domain/accounts/sessions.ts";
import { CHALLENGE_LIFETIME_MS, isChallengeToken } from "#server/domain/accounts/sign-in-challenges.ts";
import { getSiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { readJsonRequest } from "#server/http/json-answer.ts";
import { getServices, sessionContext } from "#server/http/router-context.ts";
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
export const UNAUTHORIZED_MESSAGE = "로그인이 필요합니다. 다시 로그인해 주세요.";

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
 * Whom passkeys belong to: the configured SITE_URL, else the address the request came to (the
 * browser checks the page it runs on, so a passkey works on the host name it was made on).
 */
export async function relyingPartyFor(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<RelyingParty> {
  const { config, db } = getServices(context);
  const origin = new URL(config.siteUrl ?? request.url).origin;
  const { value: settings } = await getSiteSettings(db);
  return { id: new URL(origin).hostname, origin, name: `${settings.clubName} 관리자` };
}

/** The most a passkey step's JSON body may weigh: an authenticator's answer is a few KB. */
const MAX_PASSKEY_STEP_BYTES = 64 * 1024;

/**
 * A passkey step's request (signing in with a passkey or adding one): its JSON input and the
 * relying party the ceremony is for, or the 4xx to answer when the body is not what `schema` says.
 */
export async function readPasskeyStep<T>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  schema: z.ZodType<T>,
): Promise<{ ok: true; input: T; rp: RelyingParty } | { ok: false; response: Response }> {
  const read = await readJsonRequest(request, schema, MAX_PASSKEY_STEP_BYTES);
  if (!read.ok) return read;
  return { ok: true, input: read.input, rp: await relyingPartyFor(request, context) };
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

/** Guards every route under the admin layout; admin responses are never stored by caches. */
export async function adminAreaMiddleware(args: RequestArgs, next: () => Promise<Response>): Promise<Response> {
  await requireSignedIn(args);
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
