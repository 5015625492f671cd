import path from "node:path";
import { describe, expect, test } from "vitest";
import { ConfigError, loadConfig } from "#server/config.ts";

/** A self-hosted bucket's endpoint and keys. */
const bucketSettings = {
  S3_ENDPOINT: "http://127.0.0.1:9000",
  S3_FORCE_PATH_STYLE: "true",
  AWS_ACCESS_KEY_ID: "AKIAEXAMPLEKEY",
  AWS_SECRET_ACCESS_KEY: "very-secret-value",
};

/** The one line a wrong start prints. */
function failure(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("the configuration was accepted");
}

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

  test("DEMO_CONTENT seeds the demo unless it is false or 0", () => {
    expect(loadConfig({}).demoContent).toBe(true);
    expect(loadConfig({ DEMO_CONTENT: "true" }).demoContent).toBe(true);
    expect(loadConfig({ DEMO_CONTENT: "False" }).demoContent).toBe(false);
    expect(loadConfig({ DEMO_CONTENT: "0" }).demoContent).toBe(false);
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
    ["DEMO_CONTENT", "no"],
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

  describe("file storage", () => {
    const s3 = { S3_BUCKET: "club-files", ...bucketSettings, S3_ENDPOINT: "http://127.0.0.1:9000/" };

    test("without S3_BUCKET files stay in the data folder", () => {
      expect(loadConfig({ DATA_DIR: "/srv/club" }).storage).toEqual({ kind: "disk", dir: "/srv/club/uploads" });
    });

    test("S3_BUCKET selects the bucket; a self-hosted endpoint needs no region", () => {
      expect(loadConfig(s3).storage).toEqual({
        kind: "s3",
        bucket: "club-files",
        region: "us-east-1",
        endpoint: "http://127.0.0.1:9000",
        forcePathStyle: true,
        credentials: { accessKeyId: "AKIAEXAMPLEKEY", secretAccessKey: "very-secret-value" },
      });
      expect(loadConfig({ S3_BUCKET: "club-files", S3_REGION: "eu-central-1" }).storage).toEqual({
        kind: "s3",
        bucket: "club-files",
        region: "eu-central-1",
        endpoint: undefined,
        forcePathStyle: false,
        credentials: undefined,
      });
    });

    test.each([
      [
        { S3_BUCKET: "Club_Files", S3_REGION: "eu-central-1" },
        /^Invalid configuration: S3_BUCKET must be a bucket name/,
      ],
      [{ ...s3, S3_ENDPOINT: "s3.internal:9000" }, /^Invalid configuration: S3_ENDPOINT must be an http/],
      [
        { ...s3, S3_FORCE_PATH_STYLE: "sometimes" },
        /^Invalid configuration: S3_FORCE_PATH_STYLE must be true or false/,
      ],
      [{ S3_BUCKET: "club-files" }, /^Invalid configuration: S3_REGION must be set with S3_BUCKET/],
      [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, /^Invalid configuration: S3_BUCKET must be set when S3_ENDPOINT is/],
      [
        { ...s3, AWS_ACCESS_KEY_ID: "" },
        /^Invalid configuration: AWS_ACCESS_KEY_ID must be set with AWS_SECRET_ACCESS_KEY/,
      ],
      [
        { ...s3, AWS_SECRET_ACCESS_KEY: "" },
        /^Invalid configuration: AWS_SECRET_ACCESS_KEY must be set with AWS_ACCESS_KEY_ID/,
      ],
    ])("a wrong S3 setting stops the start with one line: %j", (env, expected) => {
      const message = failure(env);
      expect(message).toMatch(expected);
      expect(message).not.toContain("\n");
    });

    test("the keys never appear in a message, even when one of them is what is wrong", () => {
      const messages = [
        failure({ ...s3, S3_FORCE_PATH_STYLE: "maybe" }),
        failure({ ...s3, AWS_SECRET_ACCESS_KEY: "x".repeat(300) }),
        failure({ ...s3, AWS_ACCESS_KEY_ID: "" }),
      ];
      for (const message of messages) {
        expect(message).not.toContain("very-secret-value");
        expect(message).not.toContain("AKIAEXAMPLEKEY");
        expect(message).not.toContain("xxxxxxxx");
      }
    });
  });
  describe("scheduled backups", () => {
    test("without BACKUP_TO the site takes none", () => {
      expect(loadConfig({}).backup).toBeUndefined();
    });

    test("a folder, at 04:00 in Seoul, keeping 14, unless told otherwise", () => {
      expect(loadConfig({ BACKUP_TO: "/mnt/backup/club" }).backup).toEqual({
        target: { kind: "folder", dir: "/mnt/backup/club" },
        at: { hour: 4, minute: 0 },
        keep: 14,
      });
      expect(loadConfig({ BACKUP_TO: "backups", BACKUP_AT: "23:30", BACKUP_KEEP: "30" }).backup).toEqual({
        target: { kind: "folder", dir: path.resolve("backups") },
        at: { hour: 23, minute: 30 },
        keep: 30,
      });
    });

    test("a bucket with a prefix, reached with the S3 settings, uploads on disk or in another bucket", () => {
      const expected = {
        kind: "s3",
        prefix: "club/daily",
        settings: {
          bucket: "club-backups",
          region: "us-east-1",
          endpoint: "http://127.0.0.1:9000",
          forcePathStyle: true,
          credentials: { accessKeyId: "AKIAEXAMPLEKEY", secretAccessKey: "very-secret-value" },
        },
      };
      expect(loadConfig({ ...bucketSettings, BACKUP_TO: "s3://club-backups/club/daily/" }).backup?.target).toEqual(
        expected,
      );
      const both = loadConfig({
        ...bucketSettings,
        S3_BUCKET: "club-files",
        BACKUP_TO: "s3://club-backups/club/daily",
      });
      expect(both.backup?.target).toEqual(expected);
      expect(both.storage).toMatchObject({ kind: "s3", bucket: "club-files" });
      expect(loadConfig({ ...bucketSettings, BACKUP_TO: "s3://club-backups" }).backup?.target).toMatchObject({
        prefix: "",
      });
    });

    test.each([
      [{ BACKUP_AT: "04:00" }, /^Invalid configuration: BACKUP_TO must be set when BACKUP_AT is/],
      [{ BACKUP_TO: "/b", BACKUP_AT: "4pm" }, /^Invalid configuration: BACKUP_AT must be a time of day/],
      [{ BACKUP_TO: "/b", BACKUP_AT: "24:00" }, /^Invalid configuration: BACKUP_AT must be a time of day/],
      [{ BACKUP_TO: "/b", BACKUP_KEEP: "0" }, /^Invalid configuration: BACKUP_KEEP must be at least 1/],
      [{ BACKUP_TO: "s3://club-backups/x" }, /^Invalid configuration: S3_REGION must be set with BACKUP_TO/],
      [
        { ...bucketSettings, BACKUP_TO: "s3://Club_Backups" },
        /^Invalid configuration: BACKUP_TO must be s3:\/\/bucket\/prefix/,
      ],
      [
        { ...bucketSettings, BACKUP_TO: "s3://club-backups/../x" },
        /^Invalid configuration: BACKUP_TO must be s3:\/\/bucket/,
      ],
      [
        { ...bucketSettings, S3_BUCKET: "club-files", BACKUP_TO: "s3://club-files/backups" },
        /^Invalid configuration: BACKUP_TO must name another bucket than S3_BUCKET/,
      ],
      [
        { DATA_DIR: "/srv/club", BACKUP_TO: "/srv/club/uploads/backups" },
        /^Invalid configuration: BACKUP_TO must be outside the uploads folder/,
      ],
    ])("a wrong backup setting stops the start with one line: %j", (env, expected) => {
      const message = failure(env);
      expect(message).toMatch(expected);
      expect(message).not.toContain("\n");
      expect(message).not.toContain("very-secret-value");
    });
  });
});
