import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { serverBoundary } from "./tools/server-boundary.ts";

/** Stylesheets only the admin area uses: its components, the editor, the sortable lists, its routes. */
const ADMIN_STYLES = /[\\/]app[\\/](components[\\/](admin|editor|sortable)|routes[\\/]admin)[\\/].*\.css$/;

/** React and the router, which every page needs and which change only with an upgrade. */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;

/** The public site's shared code: components and helpers outside the admin area. */
const PUBLIC_CODE = /[\\/]app[\\/](components[\\/](?!admin|editor|sortable)|lib[\\/](?!uploads))/;

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
            // chunks made a public page fetch about twenty scripts and nine stylesheets; grouped,
            // it fetches one stylesheet (every public style: cached for the next page) and a
            // handful of scripts. The admin area's code and styles stay out of public pages.
            codeSplitting: {
              groups: [
                { name: "admin-styles", test: ADMIN_STYLES },
                { name: "framework", test: FRAMEWORK },
                { name: "public", test: (id) => id.endsWith(".css") || PUBLIC_CODE.test(id) },
              ],
            },
          },
        },
      },
    },
    // The server bundle's entry wraps React Router's build with the process's services.
    ssr: { build: { rolldownOptions: { checks, input: "./server/http/page-handler.ts" } } },
  },
  plugins: [serverBoundary(import.meta.dirname), reactRouter()],
});
