import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ISLANDS_MANIFEST_FILE } from "../../tools/islands.ts";

export interface ManifestRoute {
  id: string;
  module: string;
  imports?: string[];
  hasAction: boolean;
  hasLoader: boolean;
  hasDefaultExport: boolean;
}

export interface BuildManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

export const buildDir = path.resolve("build");

/** The islands of the last build (tools/islands.ts): each one's module and the chunks it imports. */
export function readIslandsManifest(): Record<string, { module: string; imports: string[] }> {
  return JSON.parse(readFileSync(path.join(buildDir, "client", ISLANDS_MANIFEST_FILE), "utf8"));
}

/** The browser manifest of the last `npm run build`: every route, its exports and its chunks. */
export function readBuildManifest(): BuildManifest {
  const assets = path.join(buildDir, "client/assets");
  const file = existsSync(assets) ? readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name)) : undefined;
  if (!file || !existsSync(path.join(buildDir, "server/index.js"))) {
    throw new Error("This test runs the built app: run `npm run build` first.");
  }
  const source = readFileSync(path.join(assets, file), "utf8");
  const json = source.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "");
  return JSON.parse(json) as BuildManifest;
}
