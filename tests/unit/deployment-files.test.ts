import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

/** The files a deployment is made from say what the decisions say (0009, 0035, 0036). */
const read = (file: string) => readFileSync(file, "utf8");

function markdownFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return entry.name.endsWith(".md") ? [file] : [];
  });
}

describe("deployment files", () => {
  test("every image compose.yaml pulls names a version, never latest", () => {
    const images = [...read("compose.yaml").matchAll(/^\s*image:\s*(\S+)/gm)].map((match) => match[1] as string);
    expect(images.length).toBeGreaterThan(3);
    // The site's own image is built from this folder (`build: .`), not pulled.
    const pulled = images.filter((image) => !image.startsWith("club-site:"));
    for (const image of pulled) {
      const tag = image.replace(/\$\{[A-Z_]+:-([^}]+)\}/g, "$1").split(":")[1];
      expect(tag, image).toMatch(/^\d/);
    }
  });

  test("the proxy and the container health check ask for liveness", () => {
    expect(read("deploy/Caddyfile")).toMatch(/^\s*health_uri \/livez$/m);
    expect(read("Dockerfile")).toMatch(/HEALTHCHECK[\s\S]*\/livez/);
  });

  test("no document advises TRUST_PROXY=true, which lets a client rotate its address", () => {
    const files = ["compose.yaml", "deploy/example.env", ...markdownFiles("docs"), "README.md"];
    for (const file of files) expect(read(file), file).not.toMatch(/TRUST_PROXY\s*[=:]\s*["']?true/i);
    expect(read("compose.yaml")).toMatch(/TRUST_PROXY: "1"/);
  });
});
