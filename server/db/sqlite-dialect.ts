import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { type SqliteDatabase, SqliteDialect, type SqliteStatement } from "kysely";

/**
 * Kysely ships a SQLite dialect written against better-sqlite3's API. Node's built-in
 * `node:sqlite` offers the same calls under slightly different shapes, so this adapter
 * bridges the two instead of adding a native module to the install.
 */
export function createSqliteDialect(file: string): SqliteDialect {
  return new SqliteDialect({ database: async () => openSqlite(file) });
}

export function openSqlite(file: string): SqliteDatabase {
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const database = new DatabaseSync(file, { timeout: 5000 });
  database.exec("PRAGMA journal_mode = WAL");
  database.exec("PRAGMA foreign_keys = ON");
  database.exec("PRAGMA synchronous = NORMAL");
  // Kysely prepares every query anew; the same few dozen statements run over and over, so each
  // is compiled once and kept (each one holds native memory until it is collected otherwise).
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      const known = statements.get(sql);
      if (known) return known;
      const statement = database.prepare(sql);
      const args = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqliteValue);
      const prepared: SqliteStatement = {
        // better-sqlite3 tells readers apart by `reader`; node:sqlite by the returned columns.
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...args(parameters)),
        run: (parameters) => statement.run(...args(parameters)),
        iterate: (parameters) => statement.iterate(...args(parameters)),
      };
      if (statements.size >= MAX_KEPT_STATEMENTS) {
        statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, prepared);
      return prepared;
    },
  };
}

/** Statements kept per connection: more than the app's distinct queries, few enough to bound. */
const MAX_KEPT_STATEMENTS = 500;

export function toSqliteValue(value: unknown): SQLInputValue {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}
