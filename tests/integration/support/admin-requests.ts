import { RouterContextProvider } from "react-router";
import { action as writeAction } from "#app/routes/admin/api/write.ts";
import { servicesContext, sessionContext } from "#server/http/router-context.ts";
import type { Services } from "#server/services.ts";
import type { WriteResult } from "#shared/write-result.ts";

/** The manager the requests below act as (the audit log's actor). */
export const MANAGER = "manager@club.test";

type Action = (args: never) => Promise<unknown>;

/**
 * Posts a form to a content type's write endpoint (POST /admin/api/{type}) as a signed-in
 * manager, as the admin pages do, and returns the status and the answer.
 */
export function postCommand(
  services: Services,
  type: string,
  body: FormData | Record<string, string | string[] | File | undefined>,
): Promise<{ status: number; body: WriteResult<string> }> {
  const form = body instanceof FormData ? body : formOf(body);
  return callAction(writeAction, services, `/admin/api/${type}`, form, { type });
}

function formOf(fields: Record<string, string | string[] | File | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  return form;
}

/**
 * Calls a route's action the way React Router does, as a signed-in manager, and returns
 * what the page would read: the status and the write's answer. Route actions answer with
 * `data(...)`, upload endpoints with a JSON Response; both come back the same here.
 */
export async function callAction(
  action: Action,
  services: Services,
  path: string,
  body: FormData | Record<string, string | string[]>,
  params: Record<string, string> = {},
): Promise<{ status: number; body: WriteResult<string> }> {
  const url = new URL(path, "http://club.test");
  const request = new Request(url, {
    method: "POST",
    body: body instanceof FormData ? body : urlEncoded(body),
  });
  const answer = await (action as (args: unknown) => Promise<unknown>)({
    request,
    url,
    params,
    context: managerContext(services),
    pattern: url.pathname,
  });
  if (answer instanceof Response) {
    return { status: answer.status, body: (await answer.json()) as WriteResult<string> };
  }
  const { data, init } = answer as { data: WriteResult<string>; init: ResponseInit | null };
  return { status: init?.status ?? 200, body: data };
}

/** The router context of a request from a signed-in manager (MANAGER). */
export function managerContext(services: Services): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(sessionContext, {
    session: {
      id: "test-session",
      persistent: false,
      createdAt: new Date().toISOString(),
      lastSeenAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      account: { id: "test-manager", email: MANAGER, role: "owner" },
    },
  });
  return context;
}

function urlEncoded(fields: Record<string, string | string[]>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
  }
  return params;
}

/** A multipart form of text fields and files, as a browser sends it. */
export function multipartForm(fields: Record<string, string | File | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, value);
  }
  return form;
}

/**
 * Posts a body no admin page sends (JSON, a form cut off on the way) to a content type's write
 * endpoint as a signed-in manager, and returns the status and the answer.
 */
export async function postRaw(
  services: Services,
  type: string,
  contentType: string,
  body: string,
): Promise<{ status: number; body: WriteResult }> {
  const url = new URL(`/admin/api/${type}`, "http://club.test");
  const request = new Request(url, { method: "POST", headers: { "Content-Type": contentType }, body });
  const response = await writeAction({ request, url, params: { type }, context: managerContext(services) });
  return { status: response.status, body: (await response.json()) as WriteResult };
}
