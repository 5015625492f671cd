import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { parentPort, workerData } from "node:worker_threads";

/**
 * One thread of the SQLite read pool (decision 0019): a read-only connection to the site's
 * database file that answers one query at a time, so a read that takes milliseconds runs here
 * instead of on the thread that serves every request. WAL lets it read while the server writes;
 * each query sees everything committed before it starts.
 */

export interface ReadRequest {
  id: number;
  sql: string;
  parameters: SQLInputValue[];
}

export type ReadAnswer =
  | { id: number; rows: unknown[] }
  | { id: number; error: { message: string; code?: string; errcode?: number; errstr?: string } };

/** Statements kept: more than the reads sent here, few enough to bound. */
const MAX_KEPT_STATEMENTS = 100;

const { file } = workerData as { file: string };
const port = parentPort;
if (!port) throw new Error("The SQLite read pool's thread runs as a worker thread only.");

const database = new DatabaseSync(file, { readOnly: true, timeout: 5000 });
const statements = new Map<string, StatementSync>();

function prepared(sql: string): StatementSync {
  const known = statements.get(sql);
  if (known) return known;
  const statement = database.prepare(sql);
  if (statements.size >= MAX_KEPT_STATEMENTS) statements.delete(statements.keys().next().value as string);
  statements.set(sql, statement);
  return statement;
}

port.on("message", (message: ReadRequest | "close") => {
  if (message === "close") {
    statements.clear();
    database.close();
    port.close();
    return;
  }
  let answer: ReadAnswer;
  try {
    answer = { id: message.id, rows: prepared(message.sql).all(...message.parameters) };
  } catch (error) {
    const { code, errcode, errstr } = error as { code?: string; errcode?: number; errstr?: string };
    answer = { id: message.id, error: { message: (error as Error).message, code, errcode, errstr } };
  }
  port.postMessage(answer);
});
