import { parse as parseContentDisposition } from "content-disposition";
import { RouterContextProvider } from "react-router";
import { beforeAll, expect, test } from "vitest";
import { action as pageViewAction } from "#app/routes/resources/page-views.ts";
import { loader as ruleFileLoader } from "#app/routes/resources/rule-file.ts";
import { writeWithFiles } from "#server/domain/files/files.ts";
import { saveRules } from "#server/domain/rules/rules.ts";
import { clientAddressContext, servicesContext } from "#server/http/router-context.ts";
import { makeDemoPdf } from "#server/seed/pdf.ts";
import { describeEachDatabase, type TestServices } from "./support/databases.ts";

const browserAgent =
  "Mozilla/5.0 (Linux; Android 15) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36";

function contextFor(services: TestServices, clientAddress = "192.0.2.1") {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(clientAddressContext, clientAddress);
  return context;
}

/** Calls a route's loader or action as the request handler would. */
function args(services: TestServices, request: Request, params: Record<string, string> = {}, clientAddress?: string) {
  return {
    request,
    url: new URL(request.url),
    params,
    context: contextFor(services, clientAddress),
    pattern: "",
  } as never;
}

describeEachDatabase("rules downloads", (services) => {
  beforeAll(async () => {
    const { db, storage } = services();
    const pdf = await makeDemoPdf({
      title: "회칙",
      paragraphs: ["제1조 이 동아리의 이름은 KERNEL이다."],
    });
    await writeWithFiles(db, storage, async (trx, files) => {
      const stored = await files.store({
        folder: "rules",
        extension: "pdf",
        contentType: "application/pdf",
        body: pdf,
      });
      await saveRules(
        trx,
        {
          contents: "<h2>제1장 총칙</h2><p>제1조</p>",
          attachments: [{ fileId: stored.id, fileName: "KERNEL 회칙 2026.pdf", title: "회칙" }],
        },
        undefined,
      );
    });
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    new Request(`http://club.test${path}`, { headers });

  test("a rules PDF streams with its Hangul name kept in the download header", async () => {
    const response = await ruleFileLoader(
      args(services(), get("/rules/KERNEL%20%ED%9A%8C%EC%B9%99%202026.pdf"), {
        fileName: "KERNEL 회칙 2026.pdf",
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const disposition = response.headers.get("content-disposition") ?? "";
    expect(disposition).toContain("filename*=UTF-8''KERNEL%20%ED%9A%8C%EC%B9%99%202026.pdf");
    // The parser prefers filename* over the ASCII fallback, as browsers do.
    expect(parseContentDisposition(disposition)).toMatchObject({
      type: "attachment",
      parameters: { filename: "KERNEL 회칙 2026.pdf" },
    });
    expect(response.headers.get("cache-control")).toMatch(/max-age=\d+/);
    expect(response.headers.get("content-security-policy")).toMatch(/^sandbox;/);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(Number(response.headers.get("content-length"))).toBe(body.length);
  });

  test("a name typed in decomposed Hangul finds the same file", async () => {
    const response = await ruleFileLoader(
      args(services(), get("/rules/x"), { fileName: "KERNEL 회칙 2026.pdf".normalize("NFD") }),
    );
    expect(response.status).toBe(200);
    await response.body?.cancel();
  });

  test("an unknown name is 404, and a cached copy is confirmed with 304", async () => {
    const missing = await ruleFileLoader(args(services(), get("/rules/none.pdf"), { fileName: "none.pdf" }));
    expect(missing.status).toBe(404);

    const first = await ruleFileLoader(args(services(), get("/rules/x"), { fileName: "KERNEL 회칙 2026.pdf" }));
    const etag = first.headers.get("etag") ?? "";
    await first.body?.cancel();
    const again = await ruleFileLoader(
      args(services(), get("/rules/x", { "if-none-match": etag }), {
        fileName: "KERNEL 회칙 2026.pdf",
      }),
    );
    expect(again.status).toBe(304);
  });
});

describeEachDatabase("page-view endpoint", (services) => {
  const post = (body: string, headers: Record<string, string> = {}, clientAddress?: string) =>
    pageViewAction(
      args(
        services(),
        new Request("http://club.test/api/page-views", {
          method: "POST",
          body,
          headers: { "content-type": "application/json", "user-agent": browserAgent, ...headers },
        }),
        {},
        clientAddress,
      ),
    );
  const views = async () =>
    (await services().db.selectFrom("page_views").select(["path", "views"]).execute()).map((row) => ({
      path: row.path,
      views: Number(row.views),
    }));

  test("counts a visitor's view of a public page", async () => {
    const response = await post(JSON.stringify({ path: "/archive/odaeho" }));
    expect(response.status).toBe(200);
    await expect(response.json()).resolves.toEqual({ counted: true });
    expect(await views()).toEqual([{ path: "/archive/odaeho", views: 1 }]);
  });

  test("answers bad input with a 4xx and changes nothing", async () => {
    const cases: [string, Record<string, string>, number][] = [
      ["not json", {}, 400],
      ["{}", {}, 400],
      [JSON.stringify({ path: 42 }), {}, 400],
      [JSON.stringify({ path: "archive/rule" }), {}, 400],
      [JSON.stringify({ path: `/${"a".repeat(300)}` }), {}, 400],
      [JSON.stringify({ path: "/archive/rule?x=1" }), {}, 400],
      [JSON.stringify({ path: "/archive/rule", padding: "x".repeat(5000) }), {}, 413],
      [JSON.stringify({ path: "/archive/rule" }), { origin: "https://elsewhere.example" }, 403],
      [JSON.stringify({ path: "/archive/rule" }), { "sec-fetch-site": "cross-site" }, 403],
    ];
    for (const [body, headers, status] of cases) {
      const response = await post(body, headers);
      expect({ body: body.slice(0, 40), status: response.status }).toEqual({
        body: body.slice(0, 40),
        status,
      });
    }
    expect(await views()).toEqual([{ path: "/archive/odaeho", views: 1 }]);
  });

  test("crawlers, the admin area and unknown pages are answered but not counted", async () => {
    for (const [path, agent] of [
      ["/archive/rule", "Googlebot/2.1 (+http://www.google.com/bot.html)"],
      ["/archive/rule", ""],
      ["/admin/manage-posts", browserAgent],
      ["/no/such/page", browserAgent],
    ] as const) {
      const response = await post(JSON.stringify({ path }), { "user-agent": agent });
      expect(response.status).toBe(200);
      await expect(response.json()).resolves.toEqual({ counted: false });
    }
    expect(await views()).toEqual([{ path: "/archive/odaeho", views: 1 }]);
  });

  test("a reload counts once per address; another address counts", async () => {
    const report = (path: string, address: string) =>
      post(JSON.stringify({ path }), {}, address).then((response) => response.json());
    expect(await report("/join", "203.0.113.7")).toEqual({ counted: true });
    expect(await report("/join", "203.0.113.7")).toEqual({ counted: false });
    // The same phone on another address of its IPv6 /64 is the same client.
    expect(await report("/about", "2001:db8:1:2::10")).toEqual({ counted: true });
    expect(await report("/about", "2001:db8:1:2::99")).toEqual({ counted: false });
    expect(await report("/join", "198.51.100.4")).toEqual({ counted: true });

    expect(Object.fromEntries((await views()).map((row) => [row.path, row.views]))).toMatchObject({
      "/join": 2,
      "/about": 1,
    });
  });
});
