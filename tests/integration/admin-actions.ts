import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import type { ActiveSession } from "#server/domain/administrators/sessions.ts";
import { servicesContext, sessionContext } from "#server/http/router-context.ts";
import type { AuditCategory } from "#shared/audit-categories.ts";
import type { WriteResult } from "#shared/write-result.ts";
import type { TestServices } from "./support/databases.ts";

/** The administrator the actions below act as (the audit log's actor). */
export const ACTOR = "manager@club.test";

const session: ActiveSession = {
  id: "test-session",
  persistent: false,
  createdAt: new Date().toISOString(),
  lastSeenAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
  administrator: { id: "test-administrator", email: ACTOR },
};

type Fields = Record<string, string | string[] | File | undefined>;

// biome-ignore lint/suspicious/noExplicitAny: route actions take their generated argument types
type RouteAction = (args: any) => Promise<unknown>;

/**
 * Posts a form to a route action (or an upload endpoint) as the request handler would, with a
 * signed-in administrator, and reads the WriteResult it answers.
 */
export async function postForm(
  services: TestServices,
  action: RouteAction,
  path: string,
  fields: Fields,
): Promise<WriteResult<unknown>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  const request = new Request(`http://club.test${path}`, { method: "POST", body: form });
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(sessionContext, { session });
  const answer = await action({ request, url: new URL(request.url), params: {}, context });
  if (answer instanceof Response) {
    const body = (await answer.json()) as WriteResult<unknown>;
    return { ...body, status: answer.status };
  }
  const { data, init } = answer as { data: WriteResult<unknown>; init: { status?: number } };
  return { ...data, status: init.status ?? 200 };
}

/** The audit entries of a category, oldest first. */
export function auditEntries(services: TestServices, category: AuditCategory) {
  return services.db
    .selectFrom("audit_log")
    .select(["type", "content", "error", "actor"])
    .where("category", "=", category)
    .orderBy("time")
    .execute();
}

/** The newest audit entry of a category. */
export async function lastAuditEntry(services: TestServices, category: AuditCategory) {
  return (await auditEntries(services, category)).at(-1);
}

/** Every key in the storage, sorted. */
export async function storedKeys(services: TestServices): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of services.storage.list()) keys.push(object.key);
  return keys.sort();
}

/** A real PNG image of the given size, as a browser would send it. */
export async function pngFile(name: string, width = 640, height = 480, colour = "#2448d8") {
  const bytes = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/png" });
}
