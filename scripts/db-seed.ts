// Adds the demo club to a fresh database: `npm run db:seed`. A database with content is left alone.
import { ConfigError, loadConfig } from "../server/config.ts";
import { createLogger } from "../server/logger.ts";
import { seedDemoContent } from "../server/seed/seed.ts";
import { openServices } from "../server/services.ts";

try {
  const config = loadConfig();
  const services = await openServices(config, createLogger("warn"));
  try {
    const outcome = await seedDemoContent(services);
    console.log(
      outcome === "seeded"
        ? "Demo content added."
        : "The database already has content: nothing was changed.",
    );
  } finally {
    await services.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
