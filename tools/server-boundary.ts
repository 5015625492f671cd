import path from "node:path";
import type { Plugin } from "vite";

/**
 * Fails the browser build when browser code reaches a module under server/ (decision 0018).
 * Route modules may import server code for their loaders and actions: React Router removes those
 * exports, and the imports only they used, from the browser's copy before anything is resolved,
 * so what still arrives here was imported by code that runs in the browser.
 */
export function serverBoundary(root: string): Plugin {
  const serverDir = `${path.resolve(root, "server")}${path.sep}`;
  return {
    name: "club:server-boundary",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(source, importer, options) {
      if (!importer || options.ssr) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved && !resolved.external && resolved.id.startsWith(serverDir)) {
        this.error(
          `Browser code imports server code: ${path.relative(root, importer)} → ` +
            `${path.relative(root, resolved.id)}. Move what both need to shared/, or import ` +
            "it only from a loader or action.",
        );
      }
      return resolved;
    },
  };
}
