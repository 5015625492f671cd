import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  cacheControl,
  cacheHeader,
  forbidsSharing,
  nodeCacheHeader,
  setCachePolicy,
} from "#server/http/cache-policy.ts";

describe("cache policies", () => {
  test("each policy has one header value", () => {
    expect(cacheControl("immutable")).toBe("public, max-age=31536000, immutable");
    expect(cacheControl("revalidate")).toBe("public, no-cache");
    expect(cacheControl("none")).toBe("no-store");
    expect(cacheControl({ maxAge: 600 })).toBe("public, max-age=600");
  });

  test("immutable files are kept at least the week the specification asks of uploads", () => {
    const maxAge = Number(/max-age=(\d+)/.exec(cacheControl("immutable"))?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(604800);
  });

  test("a lifetime is whole, non-negative seconds", () => {
    expect(cacheControl({ maxAge: 59.9 })).toBe("public, max-age=59");
    expect(cacheControl({ maxAge: -5 })).toBe("public, max-age=0");
  });

  test("the header goes into a Response, replaces an earlier one, and onto a Node response", () => {
    expect(new Response(null, { headers: cacheHeader("none") }).headers.get("cache-control")).toBe("no-store");

    const headers = new Headers({ "Cache-Control": "public, max-age=60" });
    setCachePolicy(headers, "none");
    expect(headers.get("cache-control")).toBe("no-store");

    const set: Record<string, string> = {};
    setCachePolicy({ setHeader: (name: string, value: string) => (set[name.toLowerCase()] = value) }, "immutable");
    expect(set["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("a stored record keeps its own policy, or is given the fallback", () => {
    expect(nodeCacheHeader({ "cache-control": "public, max-age=600" }, "revalidate")).toEqual({
      "cache-control": "public, max-age=600",
    });
    expect(nodeCacheHeader({ "content-type": "text/html" }, "revalidate")).toEqual({
      "cache-control": "public, no-cache",
    });
  });

  test("private and no-store answers are for no shared cache; the others may be shared", () => {
    expect(forbidsSharing(new Headers(cacheHeader("none")))).toBe(true);
    expect(forbidsSharing(new Headers({ "Cache-Control": "private, max-age=60" }))).toBe(true);
    expect(forbidsSharing(new Headers({ "Cache-Control": "PRIVATE" }))).toBe(true);
    for (const policy of ["immutable", "revalidate", { maxAge: 3600 }] as const) {
      expect(forbidsSharing(new Headers(cacheHeader(policy))), JSON.stringify(policy)).toBe(false);
    }
    expect(forbidsSharing(new Headers())).toBe(false);
  });
});

/** Every source file under `folder`. */
async function sources(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

test("no Cache-Control header is written outside the policy module", async () => {
  const files = [...(await sources("server")), ...(await sources("app"))];
  expect(files.length).toBeGreaterThan(100);
  const offenders: string[] = [];
  for (const file of files) {
    if (file === path.join("server", "http", "cache-policy.ts")) continue;
    // Comments may name directives; code may not.
    const code = (await readFile(file, "utf8")).replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
    const literal =
      /["'`](cache-control|[^"'`\n]*\b(no-store|no-cache|max-age=|must-revalidate)\b[^"'`\n]*)["'`]/i.exec(code);
    if (literal) offenders.push(`${file}: ${literal[0]}`);
  }
  expect(offenders).toEqual([]);
});
