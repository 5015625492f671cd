import path from "node:path";
import { describe, expect, test } from "vitest";
import { ConfigError, loadConfig } from "#server/config.ts";

describe("configuration", () => {
  test("defaults: port 3000, ./data, SQLite in the data folder", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve("data"));
    expect(config.database).toEqual({ kind: "sqlite", file: path.resolve("data/club.db") });
    expect(config.siteUrl).toBeUndefined();
  });

  test("a postgres:// address selects PostgreSQL", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://club@db.internal:5432/club" });
    expect(config.database).toEqual({
      kind: "postgres",
      connectionString: "postgres://club@db.internal:5432/club",
    });
  });

  test("SITE_URL loses its trailing slash", () => {
    expect(loadConfig({ SITE_URL: "https://club.example.org/" }).siteUrl).toBe("https://club.example.org");
  });

  test.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://localhost/club"],
    ["SITE_URL", "ftp://club.example.org"],
    ["LOG_LEVEL", "loud"],
    ["TRUST_PROXY", "yes please"],
    ["TRUST_PROXY", "10.0.0.0/33"],
    ["TRUST_PROXY", "proxy.internal"],
  ])("a wrong %s stops the start with one line naming it", (variable, value) => {
    let message = "";
    try {
      loadConfig({ [variable]: value });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
    expect(message).toContain(value);
    expect(message).not.toContain("\n");
  });

  test.each([
    ["false", false],
    ["true", true],
    ["1", 1],
    ["2", 2],
    ["loopback", ["loopback"]],
    ["10.0.0.1, 172.16.0.0/12, fd00::/8", ["10.0.0.1", "172.16.0.0/12", "fd00::/8"]],
  ])("TRUST_PROXY=%s is taken in Express's own form", (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });
});
