import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { parallelFiles } from "./tests/e2e/support/parallel.ts";

// The suites start hundreds of Node processes (the command-line tools, the servers under test):
// with Node's compile cache on disk, each start after the first reuses the compiled code of the
// modules it loads instead of compiling them again (about a third of a tool's start).
process.env.NODE_COMPILE_CACHE ??= path.resolve("node_modules/.cache/node-compile");

// Separate from vite.config.ts: tests import server and app modules directly and need none of
// React Router's build plugin.
export default defineConfig({
  test: {
    // A worker per core (Vitest's default leaves one free): the unit and integration suites
    // spend much of their time waiting on databases, servers and files. The browser suite
    // runs fewer files at once (below).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
        },
      },
      {
        // Components with behaviour and the public pages' islands, in a simulated DOM (happy-dom):
        // what needs no server, no database and no real browser is tested here, in milliseconds.
        test: {
          name: "component",
          include: ["tests/component/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: ["tests/component/support/setup.ts"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/integration/support/demo-template.ts"],
          // Files share their worker's modules: every suite opens services of its own
          // (openTestServices), and the server's module-level state is keyed by database, so a
          // fresh module graph per file only repeats the import, about a third of the run.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Stops and restarts the PostgreSQL server it runs against, so it runs alone, last,
        // from `npm run test:postgres`.
        test: {
          name: "outage",
          include: ["tests/outage/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        // Two running instances on one PostgreSQL database and one bucket, started by
        // `npm run test:scale` (scripts/scale-test.ts), which passes their addresses.
        test: {
          name: "scale",
          include: ["tests/scale/*.test.ts"],
          environment: "node",
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        // The backup the instances took at their start, restored: run before the `scale`
        // project changes the content, by the same script.
        test: {
          name: "scale-backup",
          include: ["tests/scale/backup/*.test.ts"],
          environment: "node",
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The same instances behind Caddy with PostgreSQL stopped under them: run after the
        // `scale` project, by the same script.
        test: {
          name: "scale-outage",
          include: ["tests/scale/outage/*.test.ts"],
          environment: "node",
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 30_000 } },
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          // A few files at a time, each against a server of its own (see support/parallel.ts).
          maxWorkers: parallelFiles,
          // Files reuse their worker's process (each file still gets its own browser contexts
          // and, through testServer(), its slot's server): importing Playwright and the test
          // helpers once per worker instead of once per file saves about a tenth of the suite.
          isolate: false,
          testTimeout: 45_000,
          hookTimeout: 60_000,
          // A retrying assertion waits for what the page shows as long as a busy machine needs
          // (the default second is too short while other work runs); a pass returns at once.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
