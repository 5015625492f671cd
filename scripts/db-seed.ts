// Adds the demo club to a fresh database: `npm run db:seed`. A database with content is left alone.
// `npm run db:seed -- --articles 100000` also adds that many generated articles (for load tests).
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "#server/config.ts";
import { createLogger } from "#server/logger.ts";
import { addBulkArticles } from "#server/seed/bulk-articles.ts";
import { seedDemoContent } from "#server/seed/seed.ts";
import { openServices } from "#server/services.ts";

function articleCount(): number {
  const { values } = parseArgs({ options: { articles: { type: "string" } } });
  if (values.articles === undefined) return 0;
  const count = Number(values.articles);
  if (!Number.isInteger(count) || count < 1 || count > 10_000_000) {
    throw new ConfigError("--articles needs a whole number from 1 to 10000000.");
  }
  return count;
}

try {
  const count = articleCount();
  const config = loadConfig();
  const services = await openServices(config, createLogger("warn"));
  try {
    const outcome = await seedDemoContent(services);
    if (outcome === "seeded") console.log("Demo content added.");
    else if (count > 0) console.log("The database already has content: the demo was not added.");
    else console.log("The database already has content: nothing was changed.");
    if (count > 0) {
      const started = performance.now();
      let reported = 0;
      await addBulkArticles(services.db, count, {
        onProgress: (added) => {
          if (added - reported >= 10_000 || added === count) {
            reported = added;
            console.log(`${added} / ${count} articles added`);
          }
        },
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`Added ${count} generated articles in ${seconds} s.`);
    }
  } finally {
    await services.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
