import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { islands } from "./tools/islands.ts";
import { serverBoundary } from "./tools/server-boundary.ts";

/** Stylesheets only the admin area uses: its components, the editor, the sortable lists, its routes. */
const ADMIN_STYLES = /[\\/]app[\\/](components[\\/](admin|editor|sortable)|routes[\\/]admin)[\\/].*\.css$/;

/** React, which the admin area and the public site's React islands need; it changes only with an upgrade. */
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

/** The router, which only the admin area runs in the browser. */
const ROUTER = /[\\/]node_modules[\\/]react-router[\\/]/;

/**
 * Rolldown warns when plugins took most of a build's time: that says the machine was busy, not
 * that something is wrong, and `npm start` builds showing only problems.
 */
const checks = { bundlerTimings: false };

export default defineConfig({
  environments: {
    client: {
      build: {
        rolldownOptions: {
          checks,
          output: {
            // A phone on a slow link pays for every request before the first paint. Per-component
            // stylesheets made a public page fetch nine; grouped, it fetches one (every public
            // style: cached for the next page), and the admin area's styles stay out of public
            // pages. Public pages run no React but their islands' (decision 0038).
            codeSplitting: {
              groups: [
                { name: "admin-styles", test: ADMIN_STYLES },
                { name: "react", test: REACT },
                { name: "router", test: ROUTER },
                { name: "public", test: (id) => id.endsWith(".css") },
              ],
            },
          },
        },
      },
    },
    // The server bundle's entry wraps React Router's build with the process's services.
    ssr: { build: { rolldownOptions: { checks, input: "./server/http/page-handler.ts" } } },
  },
  plugins: [serverBoundary(import.meta.dirname), islands(import.meta.dirname), reactRouter()],
});
