import { existsSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { RequestHandler } from "express";
import { ConfigError, loadConfig } from "./config.ts";
import {
  countAdministrators,
  ensureInitialAdministrator,
} from "./domain/administrators/administrators.ts";
import { deleteExpiredSessions } from "./domain/administrators/sessions.ts";
import { deleteOldSignInAttempts } from "./domain/administrators/sign-in-limiter.ts";
import { sweepOrphanFiles } from "./domain/files/sweep.ts";
import { getSiteSettings } from "./domain/site-settings/site-settings.ts";
import { createHttpApp } from "./http/app.ts";
import { createLogger, type Logger } from "./logger.ts";
import { seedDemoContent } from "./seed/seed.ts";
import { type OpenedServices, openServices, type Services } from "./services.ts";

type PageHandlerModule = { createPageHandler(services: Services): RequestHandler };

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SHUTDOWN_GRACE_MS = 4000;
const HOUSEKEEPING_INTERVAL_MS = 6 * 60 * 60 * 1000;

async function main(): Promise<void> {
  const development = process.argv.includes("--dev");
  process.env.NODE_ENV ??= development ? "development" : "production";

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const services = await openServices(config, logger);

  const seeded = await seedDemoContent(services, new Date(), () =>
    console.log("Empty database: adding the demo club (this takes a few seconds)…"),
  );
  if (seeded === "seeded") logger.info("demo content added");
  await prepareAdministrators(services);

  const { pageHandler, devMiddleware, closeDev } = development
    ? await developmentHandlers(services)
    : await productionHandlers(services);

  const app = createHttpApp({
    services,
    pageHandler,
    devMiddleware,
    clientBuildDir: development ? undefined : path.join(projectRoot, "build/client"),
  });

  const server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    const host = ["0.0.0.0", "::"].includes(config.host) ? "localhost" : config.host;
    const url = `http://${host}:${port}`;
    logger.info({ url, database: services.engine }, "server listening");
    console.log(`Club site running at ${url}`);
  });
  server.on("error", (error) => {
    logger.fatal({ err: error }, "server failed");
    process.exit(1);
  });

  // In the background: files that lost their rows (or rows that lost their content), expired
  // sessions and old sign-in attempts are removed now and every few hours.
  const housekeeping = async () => {
    try {
      const swept = await sweepOrphanFiles(services.db, services.storage);
      if (swept.unreferencedRows + swept.strayFiles > 0) logger.info(swept, "orphan files removed");
      await deleteExpiredSessions(services.db);
      await deleteOldSignInAttempts(services.db);
    } catch (error) {
      logger.error({ err: error }, "housekeeping failed");
    }
  };
  void housekeeping();
  setInterval(housekeeping, HOUSEKEEPING_INTERVAL_MS).unref();

  const stop = (signal: string) => shutdown(signal, server, services, logger, closeDev);
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  process.on("unhandledRejection", (reason) => {
    logger.error({ err: reason }, "unhandled promise rejection");
  });
}

/**
 * Creates the first administrator when there is none: from ADMIN_EMAIL and ADMIN_PASSWORD, else
 * with the club's contact address and a generated password, printed this once.
 */
async function prepareAdministrators({ db, config, logger }: Services): Promise<void> {
  if ((await countAdministrators(db)) > 0) return;
  const email = config.adminEmail ?? (await getSiteSettings(db)).value.email;
  if (!email) {
    console.error(
      "No administrator exists yet: set ADMIN_EMAIL (and ADMIN_PASSWORD) to create one.",
    );
    process.exit(1);
  }
  const initial = await ensureInitialAdministrator(db, { email, password: config.adminPassword });
  if (!initial.created) return;
  logger.info({ email: initial.email }, "first administrator created");
  if (initial.generatedPassword) {
    console.log(
      [
        "",
        "No administrator existed, so one was created. This password is shown only now:",
        `  e-mail:   ${initial.email}`,
        `  password: ${initial.generatedPassword}`,
        "Sign in at /admin/login and change it at /admin/manage-password.",
        "",
      ].join("\n"),
    );
  }
}

async function productionHandlers(services: Services) {
  const entry = path.join(projectRoot, "build/server/index.js");
  if (!existsSync(entry)) {
    console.error("The site is not built yet: run `npm run build` (or `npm start`, which builds).");
    process.exit(1);
  }
  const module = (await import(pathToFileURL(entry).href)) as PageHandlerModule;
  return {
    pageHandler: module.createPageHandler(services),
    devMiddleware: undefined,
    closeDev: undefined,
  };
}

async function developmentHandlers(services: Services) {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const pageHandler: RequestHandler = async (req, res, next) => {
    try {
      const module = (await vite.ssrLoadModule(
        "/server/http/page-handler.ts",
      )) as PageHandlerModule;
      await module.createPageHandler(services)(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  };
  return { pageHandler, devMiddleware: vite.middlewares, closeDev: () => vite.close() };
}

/** Stops accepting, lets requests in flight finish, closes the database, exits 0. */
async function shutdown(
  signal: string,
  server: Server,
  services: OpenedServices,
  logger: Logger,
  closeDev: (() => Promise<void>) | undefined,
): Promise<void> {
  logger.info({ signal }, "shutting down");
  const forced = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  forced.unref();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  clearTimeout(forced);
  await closeDev?.();
  await services.close();
  logger.info("stopped");
  process.exit(0);
}

await main();
