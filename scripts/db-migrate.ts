// Brings the configured database to the newest schema: `npm run db:migrate`.
import { ConfigError, loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/database.ts";
import { migrateDatabase } from "#server/migrate.ts";

try {
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    const applied = await migrateDatabase(database.db);
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
