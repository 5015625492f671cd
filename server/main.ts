import "./node-env.ts";
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { RequestHandler } from "express";
import { withTimeout } from "#shared/timeout.ts";
import { startScheduledBackups } from "./backup/schedule.ts";
import { startWorkers } from "./cluster.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { withStartupLock } from "./db/startup-lock.ts";
import { countAccounts, ensureInitialAccount } from "./domain/accounts/accounts.ts";
import { deleteOldLinks } from "./domain/accounts/links.ts";
import { deleteExpiredSessions } from "./domain/accounts/sessions.ts";
import { deleteExpiredChallenges } from "./domain/accounts/sign-in-challenges.ts";
import { deleteOldSignInAttempts } from "./domain/accounts/sign-in-limiter.ts";
import { secureStoredSecrets } from "./domain/accounts/stored-secrets.ts";
import { startScheduledPublishing } from "./domain/articles/scheduled-publishing.ts";
import { sweepOrphanFiles } from "./domain/files/sweep.ts";
import { getSiteSettings, hasSiteSettings } from "./domain/site-settings/site-settings.ts";
import { keepFirstPassword } from "./first-password.ts";
import { createHttpServer } from "./http/app.ts";
import { archiveBuildAssets } from "./http/asset-archive.ts";
import { type GracefulServer, gracefulServer } from "./http/graceful-close.ts";
import { joinClusterInvalidation } from "./http/page-cache/cluster-invalidation.ts";
import { createLogger, type Logger, printAfterLog } from "./logger.ts";
import { type OpenedServices, openServices, type Services, waitingForAnother } from "./services.ts";

type PageHandlerModule = { createPageHandler(services: Services): RequestHandler };

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** How long requests in flight get to finish after SIGTERM (a container runtime waits 10 s or more). */
const SHUTDOWN_GRACE_MS = 8000;
/** How long a previous build's browser files stay served after a deploy (asset-archive.ts). */
const ASSET_ARCHIVE_DAYS = 30;
const HOUSEKEEPING_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * The process entry. With one worker (or in development) this process serves; with several, it
 * is the cluster's primary: it migrates, seeds, creates the first manager and keeps house,
 * and its workers (one per core by default) serve the same port.
 */
async function main(): Promise<void> {
  const development = process.argv.includes("--dev");

  let config: Config;
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
  process.on("unhandledRejection", (reason) => {
    logger.error({ err: reason }, "unhandled promise rejection");
  });

  if (cluster.isWorker) return serveAsWorker(config, logger);

  const workers = development ? 1 : config.workers;
  const services = await openServices(config, logger, { pageCache: !development && workers === 1 });
  // Instances started together on one PostgreSQL database take turns: one seeds, the others
  // find the content (and the first manager) there.
  let firstAccount: FirstAccountNotice | undefined;
  let filled: NewSite | undefined;
  await withStartupLock(
    services.db,
    services.engine,
    async () => {
      if (!(await hasSiteSettings(services.db))) filled = await fillEmptyDatabase(services);
      await checkStoredSecrets(services);
      firstAccount = await prepareAccounts(services);
    },
    { onWait: () => waitingForAnother(logger) },
  );
  startHousekeeping(services);
  startScheduledPublishing(services);
  // One process per instance takes them (this one); the row it claims settles it between instances.
  startScheduledBackups(services);
  // A bucket that does not answer is said at once; pages still work, uploads fail until it does.
  services.storage.check().catch((error: Error) => logger.error({ reason: error.message }, "file storage unusable"));
  if (!development) await archiveAssets(config, logger);

  if (workers > 1) {
    await startWorkers({
      count: workers,
      logger,
      shutdownGraceMs: SHUTDOWN_GRACE_MS,
      onListening: (port) => announce(config, logger, port, workers, { firstAccount, filled }),
      onStopped: () => services.close(),
    });
    return;
  }
  const server = await serve(services, development);
  announce(config, logger, portOf(server, config), 1, { firstAccount, filled });
}

async function serveAsWorker(config: Config, logger: Logger): Promise<void> {
  const services = await openServices(config, logger, { migrate: false });
  joinClusterInvalidation(services.pageCache);
  const server = await serve(services, false);
  process.send?.({ kind: "listening", port: portOf(server, config) });
}

/** Starts the HTTP server on the configured port; SIGTERM and SIGINT stop it gracefully. */
async function serve(services: OpenedServices, development: boolean): Promise<Server> {
  const { config, logger } = services;
  const { pageHandler, devMiddleware, closeDev } = development
    ? await developmentHandlers(services)
    : await productionHandlers(services);
  const server = createHttpServer({
    services,
    pageHandler,
    devMiddleware,
    clientBuildDir: development ? undefined : path.join(buildDirOf(config), "client"),
    assetArchiveDir: development ? undefined : assetArchiveDirOf(config),
  });
  const graceful = gracefulServer(server);
  server.on("error", (error) => {
    logger.fatal({ err: error }, "server failed");
    process.exit(1);
  });
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  // SIGINT (Ctrl+C) reaches every process of the group, and a worker may get SIGTERM from its
  // primary as well: the first signal starts the one shutdown.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    void shutdown(signal, graceful, services, logger, closeDev);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  return server;
}

function buildDirOf(config: Config): string {
  return config.buildDir ?? path.join(projectRoot, "build");
}

function assetArchiveDirOf(config: Config): string {
  return path.join(config.dataDir, "assets-archive");
}

/** Keeps this build's browser files, and earlier builds' for a while, for pages opened before a deploy. */
async function archiveAssets(config: Config, logger: Logger): Promise<void> {
  const assetsDir = path.join(buildDirOf(config), "client/assets");
  // Not built: the start stops with that message further on.
  if (!existsSync(assetsDir)) return;
  try {
    const result = await archiveBuildAssets(assetsDir, assetArchiveDirOf(config), { keepDays: ASSET_ARCHIVE_DAYS });
    if (result.added > 0 || result.removed > 0) logger.info(result, "browser files archived");
  } catch (error) {
    // Only pages opened before a deploy miss it: never a reason not to start.
    logger.warn({ err: error }, "could not archive the build's browser files");
  }
}

function portOf(server: Server, config: Config): number {
  const address = server.address();
  return typeof address === "object" && address ? address.port : config.port;
}

/**
 * The last thing a start prints, so it is not lost above the log: where the site answers, where
 * its data lives, what a first start filled an empty database with and, when one was just
 * generated, the first manager's password.
 */
function announce(
  config: Config,
  logger: Logger,
  port: number,
  workers: number,
  { firstAccount, filled }: { firstAccount: FirstAccountNotice | undefined; filled: NewSite | undefined },
): void {
  const host = ["0.0.0.0", "::"].includes(config.host) ? "localhost" : config.host;
  const url = `http://${host}:${port}`;
  logger.info({ url, database: config.database.kind, storage: config.storage.kind, workers }, "server listening");
  const lines = [
    "",
    `Club site running at ${url}`,
    `  data folder: ${config.dataDir}`,
    `  database:    ${describeDatabase(config)}`,
    `  files:       ${config.storage.kind === "disk" ? config.storage.dir : `S3 bucket ${config.storage.bucket}`}`,
  ];
  if (filled === "demo") {
    lines.push(
      "",
      "The database was empty, so the demo club was added. DEMO_CONTENT=false starts an empty site instead.",
    );
  } else if (filled === "empty") {
    lines.push(
      "",
      "The database was empty: the site starts empty (DEMO_CONTENT=false). Signing in leads to its setup.",
    );
  }
  if (firstAccount?.password) {
    lines.push(
      "",
      "No account existed, so one was created. Its password is shown only this once:",
      `  e-mail:   ${firstAccount.email}`,
      `  password: ${firstAccount.password}`,
      `Sign in at ${url}/admin/login and change it at /admin/manage-password.`,
    );
  } else if (firstAccount?.file) {
    lines.push(
      "",
      `No account existed, so one was created (${firstAccount.email}). Its password is in`,
      `  ${firstAccount.file}`,
      "(readable by this user only; never written to the log). Sign in, change it at",
      "/admin/manage-password, then delete that file.",
    );
  }
  printAfterLog(logger, lines.join("\n"));
}

/** The database in words, never with its password. */
function describeDatabase({ database }: Config): string {
  if (database.kind === "sqlite") return `SQLite, ${database.file}`;
  const url = new URL(database.connectionString);
  return `PostgreSQL, ${url.host}${url.pathname}`;
}

/**
 * In the background: stored files that have no row (left by a crash mid-write), expired
 * sessions, old sign-in attempts, sign-in steps never finished and one-time links finished a
 * month ago are removed now and every few hours.
 */
function startHousekeeping(services: Services): void {
  const { db, storage, logger } = services;
  const housekeeping = async () => {
    try {
      const swept = await sweepOrphanFiles(db, storage);
      if (swept.strayFiles > 0) logger.info(swept, "orphan files removed");
      await deleteExpiredSessions(db);
      await deleteOldSignInAttempts(db);
      await deleteExpiredChallenges(db);
      await deleteOldLinks(db);
    } catch (error) {
      logger.error({ err: error }, "housekeeping failed");
    }
  };
  void housekeeping();
  setInterval(housekeeping, HOUSEKEEPING_INTERVAL_MS).unref();
}

/** What a first start filled an empty database with. */
type NewSite = "demo" | "empty";

/**
 * The first start on an empty database: the demo club, or with DEMO_CONTENT=false a site of its
 * own with nothing in it (the first manager is then led to /admin/setup).
 */
async function fillEmptyDatabase(services: Services): Promise<NewSite | undefined> {
  const { config, logger } = services;
  if (!config.demoContent) {
    const { startEmptySite } = await import("./seed/empty-site.ts");
    if ((await startEmptySite(services)) === "skipped") return undefined;
    logger.info("empty site started (DEMO_CONTENT=false)");
    return "empty";
  }
  // Loaded only for an empty database: the demo content and its artwork are large.
  const { seedDemoContent } = await import("./seed/seed.ts");
  const seeded = await seedDemoContent(services, new Date(), () =>
    console.log("Empty database: adding the demo club (this takes a few seconds)…"),
  );
  if (seeded === "skipped") return undefined;
  logger.info("demo content added");
  return "demo";
}

/**
 * Creates the first manager when there is none: from ADMIN_EMAIL and ADMIN_PASSWORD, else with
 * the club's contact address (a site without one: FIRST_ACCOUNT_EMAIL) and a generated password,
 * printed this once to a terminal, or kept in a file of the data folder when the output is a log
 * that stays (first-password.ts).
 */
interface FirstAccountNotice {
  email: string;
  /** Shown in the banner: a person is watching the terminal. */
  password?: string;
  /** Where the password was written instead. */
  file?: string;
}

/**
 * The sign-in address of a site's first account when neither ADMIN_EMAIL nor a contact address
 * is set (an empty site): a name under the reserved .example domain, as the site sends no mail.
 * The manager can invite their own address at /admin/manage-managers and remove this one.
 */
const FIRST_ACCOUNT_EMAIL = "manager@club.example";

/**
 * After the migrations: plain authenticator-app secrets are sealed with the secrets key, and apps
 * sealed with another key (a backup restored without it) are removed, naming their accounts.
 */
async function checkStoredSecrets(services: Services): Promise<void> {
  const { removed } = await secureStoredSecrets(services);
  if (removed.length > 0) {
    services.logger.warn(
      { accounts: removed },
      "authenticator apps sealed with another secrets key were removed: these accounts must set theirs up again",
    );
  }
}

async function prepareAccounts(services: Services): Promise<FirstAccountNotice | undefined> {
  const { db, config, logger } = services;
  if ((await countAccounts(db)) > 0) return undefined;
  const email = config.adminEmail || (await getSiteSettings(db)).value.email || FIRST_ACCOUNT_EMAIL;
  const initial = await ensureInitialAccount(services, { email, password: config.adminPassword });
  if (!initial.created) return undefined;
  logger.info({ email: initial.email }, "first account created");
  if (!initial.generatedPassword) return undefined;
  const account = { email: initial.email, password: initial.generatedPassword };
  // Printed with the start's last lines (announce), never to the log, and only to a terminal.
  if (process.stdout.isTTY) return account;
  const signIn = `${config.siteUrl ?? ""}/admin/login`;
  const file = await keepFirstPassword(config.dataDir, account, signIn);
  logger.info({ file }, "first account's password written to a file");
  return { email: account.email, file };
}

async function productionHandlers(services: Services) {
  const entry = path.join(buildDirOf(services.config), "server/index.js");
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
      const module = (await vite.ssrLoadModule("/server/http/page-handler.ts")) as PageHandlerModule;
      await module.createPageHandler(services)(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  };
  return { pageHandler, devMiddleware: vite.middlewares, closeDev: () => vite.close() };
}

/** Stops accepting, lets requests in flight finish (within the grace period), closes the database, exits 0. */
async function shutdown(
  signal: string,
  server: GracefulServer,
  services: OpenedServices,
  logger: Logger,
  closeDev: (() => Promise<void>) | undefined,
): Promise<void> {
  logger.info({ signal }, "shutting down");
  await server.close(SHUTDOWN_GRACE_MS);
  try {
    await closeDev?.();
    // A database that stopped answering must not hold the exit up.
    await withTimeout(services.close(), 2000);
  } catch (error) {
    logger.warn({ err: error }, "closing the database did not finish");
  }
  logger.info("stopped");
  process.exit(0);
}

await main();
