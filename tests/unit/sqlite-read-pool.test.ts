import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openSqlite } from "#server/db/sqlite-dialect.ts";
import { SqliteReadPool } from "#server/db/sqlite-read-pool.ts";

describe("SQLite read pool", () => {
  let root: string;
  let file: string;
  const writer = () => openSqlite(file);
  let connection: ReturnType<typeof writer>;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "club-read-pool-"));
    file = path.join(root, "club.db");
    connection = writer();
    connection.prepare("create table notes (id integer primary key, body text)").run([]);
    connection.prepare("insert into notes (body) values (?), (?)").run(["하나", "둘"]);
  });
  afterAll(async () => {
    connection.close();
    await rm(root, { recursive: true, force: true });
  });

  test("answers reads with what was committed before them, and ends its threads on close", async () => {
    const pool = new SqliteReadPool(file, { threads: 2 });
    expect(pool.threadCount).toBe(0);
    await expect(pool.all("select body from notes where id = ?", [2])).resolves.toEqual([{ body: "둘" }]);
    connection.prepare("insert into notes (body) values (?)").run(["셋"]);
    const counts = await Promise.all(
      Array.from({ length: 5 }, () => pool.all("select count(*) as count from notes", [])),
    );
    expect(counts).toEqual(Array.from({ length: 5 }, () => [{ count: 3 }]));
    // Five reads at once, never more threads than allowed.
    expect(pool.threadCount).toBeLessThanOrEqual(2);
    await pool.close();
    expect(pool.threadCount).toBe(0);
    await expect(pool.all("select 1", [])).rejects.toThrow(/closed/);
  });

  test("a failing read rejects with the engine's message; a write is refused", async () => {
    const pool = new SqliteReadPool(file, { threads: 1 });
    try {
      await expect(pool.all("select * from missing", [])).rejects.toThrow(/no such table: missing/);
      await expect(pool.all("delete from notes", [])).rejects.toThrow(/readonly/);
      // The thread is still there for the next read.
      await expect(pool.all("select count(*) as count from notes", [])).resolves.toEqual([{ count: 3 }]);
      expect(pool.threadCount).toBe(1);
    } finally {
      await pool.close();
    }
  });
});
