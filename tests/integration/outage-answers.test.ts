import { expect, test } from "vitest";
import type { Services } from "#server/services.ts";
import { request, serveBuiltSiteForSuite } from "./support/built-site.ts";
import { describeEachDatabase } from "./support/databases.ts";

/**
 * What the built site answers while its database cannot be reached (db/availability.ts), with
 * the database layer's state set as a connection failure sets it: an admin write gets the one
 * write answer (503, in Korean, with Retry-After), a page the site's 503 page. The same answers
 * against a stopped PostgreSQL are in tests/outage/.
 */
const down = {
  available: false,
  check: async () => false,
  noteFailure() {},
  stop() {},
} as unknown as Services["availability"];

const multipart = (fields: Record<string, string>) => {
  const boundary = "----club-outage";
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { type: `multipart/form-data; boundary=${boundary}`, body: `${parts.join("")}--${boundary}--\r\n` };
};

describeEachDatabase("answers while the database is away", (services) => {
  const site = serveBuiltSiteForSuite(() => ({ ...services(), availability: down }));

  test("an admin write is answered 503 in the write answer's shape, in Korean", async () => {
    const form = multipart({ intent: "create", title: "정전 중 일정" });
    for (const accept of ["application/json", "*/*"]) {
      const answer = await request(`${site.base}/admin/api/calendar`, {
        method: "POST",
        headers: { "Content-Type": form.type, Accept: accept, Origin: site.base },
        body: form.body,
      });
      expect(answer.status, accept).toBe(503);
      expect(answer.headers["content-type"]).toContain("application/json");
      expect(answer.headers["retry-after"]).toMatch(/^\d+$/);
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(JSON.parse(answer.body)).toEqual({
        ok: false,
        status: 503,
        message: expect.stringMatching(/^데이터베이스에 잠시 연결할 수 없어 처리하지 못했습니다\./),
      });
    }
  });

  test("a passkey step the sign-in page sends gets the same answer; a page gets the 503 page", async () => {
    const form = multipart({ intent: "options" });
    const step = await request(`${site.base}/admin/login/passkey`, {
      method: "POST",
      headers: { "Content-Type": form.type, Accept: "application/json", Origin: site.base },
      body: form.body,
    });
    expect(step.status).toBe(503);
    expect(JSON.parse(step.body)).toMatchObject({ ok: false, status: 503 });

    const page = await request(`${site.base}/admin/login`, { headers: { Accept: "text/html" } });
    expect(page.status).toBe(503);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("잠시 이용할 수 없습니다");
  });
});
