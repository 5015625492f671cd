import { RouterContextProvider } from "react-router";
import { action as inviteAction, loader as inviteLoader } from "#app/routes/admin/invite.tsx";
import { action as resetAction, loader as resetLoader } from "#app/routes/admin/reset-password.tsx";
import { servicesContext } from "#server/http/router-context.ts";
import { postCommand } from "./admin-requests.ts";
import type { TestServices } from "./databases.ts";

/**
 * Steps of the managers' tests: the page's commands as a signed-in manager sends them, and the
 * pages a one-time link opens as a visitor without a session sees them.
 */

export const sendManagers = (services: TestServices, fields: Record<string, string>) =>
  postCommand(services, "accounts", fields);

/** The audit entries with exactly this content. */
export const auditEntries = (services: TestServices, content: string) =>
  services.db
    .selectFrom("audit_log")
    .select(["category", "type", "actor", "error"])
    .where("content", "=", content)
    .execute();

export const tokenOf = (path: string) => path.slice(path.lastIndexOf("/") + 1);

type PageModule = { loader: (args: never) => Promise<unknown>; action: (args: never) => Promise<unknown> };
const pages: Record<"invite" | "reset", PageModule> = {
  invite: { loader: inviteLoader, action: inviteAction },
  reset: { loader: resetLoader, action: resetAction },
};

/** Calls a link page's loader or action as a visitor without a session: its status and data. */
export async function visit(
  services: TestServices,
  page: "invite" | "reset",
  token: string,
  body?: Record<string, string>,
): Promise<{ status: number; location: string | null; data: Record<string, unknown> }> {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const url = new URL(`http://club.test/admin/${page}/${token}`);
  const request = body
    ? new Request(url, { method: "POST", body: new URLSearchParams(body) })
    : new Request(url, { method: "GET" });
  const call = body ? pages[page].action : pages[page].loader;
  const answer = await (call as (args: unknown) => Promise<unknown>)({
    request,
    url,
    params: { token },
    context,
    pattern: url.pathname,
  });
  if (answer instanceof Response) {
    return { status: answer.status, location: answer.headers.get("location"), data: {} };
  }
  if (answer && typeof answer === "object" && "init" in answer && "data" in answer) {
    const { data, init } = answer as { data: Record<string, unknown>; init: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, data };
  }
  return { status: 200, location: null, data: answer as Record<string, unknown> };
}
