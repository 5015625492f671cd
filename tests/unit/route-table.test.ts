import type { ServerBuild } from "react-router";
import { describe, expect, test } from "vitest";
import { decideRoute, routeTable } from "#server/http/route-table.ts";

/** A small build shaped as app/routes.ts is: layouts, an index, dynamic segments, catch-alls, resources. */
function route(id: string, parentId: string | undefined, path: string | undefined, module: object, index = false) {
  return { id, parentId, path, index, module } as ServerBuild["routes"][string];
}
const page = { default: () => null };
const build = {
  routes: {
    root: route("root", undefined, "", { default: () => null, loader: () => null }),
    public: route("public", "root", undefined, page),
    home: route("home", "public", undefined, page, true),
    about: route("about", "public", "about", page),
    article: route("article", "public", "community/media/:id", page),
    join: route("join", "public", "join", { default: () => null, action: () => null }),
    "not-found": route("not-found", "public", "*", page),
    admin: route("admin", "root", "admin", page),
    "admin-not-found": route("admin-not-found", "admin", "*", page),
    rss: route("rss", "root", "rss.xml", { loader: () => null }),
    "page-views": route("page-views", "root", "api/page-views", { action: () => null }),
  },
} satisfies Pick<ServerBuild, "routes">;

const table = routeTable(build);
const decide = (method: string, address: string, sent?: string) =>
  decideRoute(table, method, new URL(address, "http://club.test"), sent);

describe("the route table", () => {
  test("a route's methods come from its module, with OPTIONS beside them", () => {
    expect(decide("OPTIONS", "/about")).toEqual({ kind: "options", allow: "GET, HEAD, OPTIONS" });
    expect(decide("OPTIONS", "/join")).toEqual({ kind: "options", allow: "GET, HEAD, POST, OPTIONS" });
    expect(decide("OPTIONS", "/api/page-views")).toEqual({ kind: "options", allow: "POST, OPTIONS" });
    expect(decide("GET", "/rss.xml")).toEqual({ kind: "render" });
    expect(decide("HEAD", "/")).toEqual({ kind: "render" });
    expect(decide("POST", "/join")).toEqual({ kind: "render" });
  });

  test("a method a route does not take is 405 with Allow", () => {
    expect(decide("POST", "/about")).toEqual({ kind: "method-not-allowed", allow: "GET, HEAD, OPTIONS" });
    expect(decide("DELETE", "/community/media/abc")).toMatchObject({ kind: "method-not-allowed" });
    expect(decide("GET", "/api/page-views")).toEqual({ kind: "method-not-allowed", allow: "POST, OPTIONS" });
  });

  test("an unknown address renders the 404 page when read, and is a plain 404 for anything else", () => {
    expect(decide("GET", "/no/such/page")).toEqual({ kind: "render" });
    expect(decide("POST", "/no/such/page")).toEqual({ kind: "not-found" });
    expect(decide("OPTIONS", "/admin/no-such")).toEqual({ kind: "not-found" });
  });

  test("the most specific route wins, as React Router ranks them", () => {
    // `community/media/:id` over the catch-all; `admin/*` over the public one.
    expect(decide("POST", "/community/media/abc")).toMatchObject({ kind: "method-not-allowed" });
    expect(decide("GET", "/admin/anything")).toEqual({ kind: "render" });
  });

  test("another spelling of an address is sent to the canonical one, query kept", () => {
    expect(decide("GET", "/about/")).toEqual({ kind: "redirect", location: "/about" });
    expect(decide("GET", "/ABOUT?x=1")).toEqual({ kind: "redirect", location: "/about?x=1" });
    expect(decide("HEAD", "http://club.test//about")).toEqual({ kind: "redirect", location: "/about" });
    expect(decide("GET", "/%61bout")).toEqual({ kind: "redirect", location: "/about" });
    // A dynamic segment is kept as sent; the static ones around it take the table's spelling.
    expect(decide("GET", "/Community/Media/%ED%95%9C/")).toEqual({
      kind: "redirect",
      location: "/community/media/%ED%95%9C",
    });
    expect(decide("GET", "/community/media/%ED%95%9C")).toEqual({ kind: "render" });
  });

  test("a path with dot segments as sent is sent to the address it resolves to", () => {
    expect(decide("GET", "/", "/about/%2e%2e")).toEqual({ kind: "redirect", location: "/" });
    expect(decide("GET", "/about", "/about/./")).toEqual({ kind: "redirect", location: "/about" });
  });

  test("writes are never redirected, and the router's data requests are left to it", () => {
    expect(decide("POST", "/JOIN/")).toEqual({ kind: "render" });
    expect(decide("POST", "/ABOUT")).toMatchObject({ kind: "method-not-allowed" });
    expect(decide("GET", "/About.data")).toEqual({ kind: "render" });
  });
});
