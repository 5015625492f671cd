import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

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
