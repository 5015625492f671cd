// Brings the configured database to the newest schema: `npm run db:migrate`.
import { ConfigError, loadConfig } from "#server/config.ts";
import { migrateToLatest, openDatabase } from "#server/db/database.ts";

try {
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    const applied = await migrateToLatest(database.db);
    console.log(
      applied.length > 0
        ? `Applied ${applied.length} migration(s): ${applied.join(", ")}`
        : "The database schema is up to date.",
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
