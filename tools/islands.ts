import { readdirSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import type { IslandFiles } from "../app/lib/islands.tsx";

/**
 * Public pages are not hydrated: the server's HTML stays as it is, and each behaviour is a small
 * script of its own, an island (docs/decisions/0038-islands-on-public-pages.md). Every file
 * directly in `app/islands/` is one; its name without the extension names it in a route's
 * `handle.islands`. The browser build emits each as an entry with a hashed name, beside React
 * Router's own; the server build reads their addresses, and the modules each one imports, from
 * the virtual module `virtual:islands-manifest`. In development they are Vite's source files.
 */
export const ISLANDS_MANIFEST = "virtual:islands-manifest";
const RESOLVED = `\0${ISLANDS_MANIFEST}`;
/** Where the browser build also writes the islands' addresses, under build/client. */
export const ISLANDS_MANIFEST_FILE = ".vite/islands-manifest.json";

export function islands(root: string): Plugin {
  const directory = path.join(root, "app", "islands");
  const names = readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
    .map((entry) => entry.name);
  const emitted = new Map<string, string>();
  let built: Record<string, IslandFiles> | undefined;

  return {
    name: "club:islands",
    // The browser build fills in the addresses that the server build, which comes after it, reads.
    sharedDuringBuild: true,
    buildStart() {
      if (this.environment.name !== "client" || this.environment.config.command !== "build") return;
      emitted.clear();
      for (const file of names) {
        const name = islandName(file);
        emitted.set(name, this.emitFile({ type: "chunk", id: path.join(directory, file), name }));
      }
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client" || emitted.size === 0) return;
      const base = this.environment.config.base;
      const importsOf = (fileName: string, seen = new Set<string>()): string[] => {
        const chunk = bundle[fileName];
        if (chunk?.type !== "chunk") return [];
        for (const imported of chunk.imports) {
          if (seen.has(imported)) continue;
          seen.add(imported);
          importsOf(imported, seen);
        }
        return [...seen];
      };
      built = {};
      for (const [name, reference] of emitted) {
        const fileName = this.getFileName(reference);
        built[name] = { module: base + fileName, imports: importsOf(fileName).map((file) => base + file) };
      }
      // The same addresses for tools that read the build (a test checks that a public page loads
      // nothing of the admin area). A dot folder, as Vite's own manifest: never served.
      this.emitFile({ type: "asset", fileName: ISLANDS_MANIFEST_FILE, source: JSON.stringify(built, null, 2) });
    },
    resolveId(source) {
      return source === ISLANDS_MANIFEST ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      const serving = this.environment.config.command === "serve";
      if (!serving && this.environment.name === "client") {
        // Only the server renders island scripts; the browser's copy of the app needs no addresses.
        return "export default {};";
      }
      if (!serving && !built) this.error("The islands' addresses are read before the browser build made them.");
      const manifest: Record<string, IslandFiles> = serving
        ? Object.fromEntries(
            names.map((file) => [
              islandName(file),
              { module: `/${path.posix.join("app", "islands", file)}`, imports: [] },
            ]),
          )
        : (built ?? {});
      return `export default ${JSON.stringify(manifest)};`;
    },
  };
}

function islandName(file: string): string {
  return file.replace(/\.tsx?$/, "");
}
