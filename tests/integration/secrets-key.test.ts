import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { restoreBackup } from "#server/backup/restore.ts";
import { loadConfig } from "#server/config.ts";
import {
  acceptAuthenticatorCode,
  beginAuthenticatorApp,
  confirmAuthenticatorApp,
  currentCode,
} from "#server/domain/accounts/authenticator-app.ts";
import { openSecret, sealSecret, setSecretsKey, UnreadableSecretError } from "#server/domain/accounts/secret-box.ts";
import { secureStoredSecrets } from "#server/domain/accounts/stored-secrets.ts";
import { loadSecretsKey, SECRETS_KEY_FILE } from "#server/secrets-key.ts";
import { newAccount } from "./support/account-steps.ts";
import { backupTo } from "./support/backups.ts";
import { describeEachDatabase, openTestServices, TEST_SECRETS_KEY, type TestServices } from "./support/databases.ts";

describe("the secrets key", () => {
  let dataDir = "";
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "club-key-"));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  test("is created once in the data folder, readable by the site's user only, and read back after", async () => {
    const first = await loadSecretsKey({ dataDir });
    expect(first).toMatchObject({ from: "file", created: true });
    const file = path.join(dataDir, SECRETS_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const again = await loadSecretsKey({ dataDir });
    expect(again).toMatchObject({ from: "file", created: false });
    expect(again.key.equals(first.key)).toBe(true);
    expect(first.key).toHaveLength(32);
  });

  test("SECRETS_KEY wins over the file and is checked at start without being shown", async () => {
    const key = randomBytes(32);
    const config = loadConfig({ DATA_DIR: dataDir, SECRETS_KEY: key.toString("base64") });
    const loaded = await loadSecretsKey(config);
    expect(loaded.from).toBe("variable");
    expect(loaded.key.equals(key)).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, SECRETS_KEY: key.toString("hex") }).secretsKey?.equals(key)).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dataDir, SECRETS_KEY: "too-short" })).toThrow(
      /^Invalid configuration: SECRETS_KEY must be 32 bytes in base64[^"]*$/,
    );
  });

  test("a damaged key file stops the start rather than locking every app out", async () => {
    const other = await mkdtemp(path.join(tmpdir(), "club-key-"));
    await writeFile(path.join(other, SECRETS_KEY_FILE), "not a key\n");
    await expect(loadSecretsKey({ dataDir: other })).rejects.toThrow(/does not hold a 32-byte key/);
    await rm(other, { recursive: true, force: true });
  });

  test("sealing is AES-256-GCM: another key or a changed byte cannot open it", () => {
    const key = randomBytes(32);
    const sealed = sealSecret("JBSWY3DPEHPK3PXP", key);
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(openSecret(sealed, key)).toBe("JBSWY3DPEHPK3PXP");
    expect(() => openSecret(sealed, randomBytes(32))).toThrow(UnreadableSecretError);
    const flipped = `${sealed.slice(0, -2)}${sealed.endsWith("A") ? "B" : "A"}${sealed.slice(-1)}`;
    expect(() => openSecret(flipped, key)).toThrow(UnreadableSecretError);
  });
});

describeEachDatabase("authenticator-app secrets at rest", (services) => {
  const storedSecret = async (accountId: string) =>
    (
      await services()
        .db.selectFrom("totp_factors")
        .select("secret")
        .where("account_id", "=", accountId)
        .executeTakeFirstOrThrow()
    ).secret;

  async function accountWithApp(email: string) {
    const account = await newAccount(services(), { email, password: "secret-pass" });
    const secret = await beginAuthenticatorApp(services().db, account.id);
    if (!secret) throw new Error("no secret");
    const confirmed = await confirmAuthenticatorApp(services().db, account.id, currentCode(secret));
    expect(confirmed.outcome).toBe("confirmed");
    return { account, secret };
  }

  test("a new app's secret is stored sealed, and its codes still work", async () => {
    const { account, secret } = await accountWithApp("sealed@club.test");
    const stored = await storedSecret(account.id);
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(secret);
    const later = new Date(Date.now() + 60_000);
    expect(await acceptAuthenticatorCode(services().db, account.id, currentCode(secret, later), later)).toBe(true);
  });

  test("a secret stored in plain text before is sealed at start, once, and audited", async () => {
    const { account, secret } = await accountWithApp("plain@club.test");
    await services().db.updateTable("totp_factors").set({ secret }).where("account_id", "=", account.id).execute();
    const checked = await secureStoredSecrets(services());
    expect(checked.sealed).toBeGreaterThanOrEqual(1);
    expect(checked.removed).toEqual([]);
    expect(openSecret(await storedSecret(account.id))).toBe(secret);
    expect(await secureStoredSecrets(services())).toEqual({ sealed: 0, removed: [] });
    const entries = await services()
      .db.selectFrom("audit_log")
      .select("content")
      .where("content", "like", "%인증 앱 비밀값%암호화했습니다%")
      .execute();
    expect(entries.length).toBeGreaterThanOrEqual(1);
  });

  describe("a backup restored where its key is missing", () => {
    let target: { services: TestServices; close: () => Promise<void> } | undefined;
    let folder = "";
    afterAll(async () => {
      setSecretsKey(TEST_SECRETS_KEY);
      await target?.close();
      if (folder) await rm(folder, { recursive: true, force: true });
    });

    test("restores everything else, removes the apps it cannot open and names their accounts", async () => {
      const { account } = await accountWithApp("lost-key@club.test");
      folder = await mkdtemp(path.join(tmpdir(), "club-key-backup-"));
      const archive = path.join(folder, "backup.tar.gz");
      await backupTo(services(), archive);
      expect((await readFile(archive)).includes(Buffer.from(TEST_SECRETS_KEY.toString("base64")))).toBe(false);

      target = await openTestServices(services().engine);
      // The new site made a key of its own: the backup's is not there.
      setSecretsKey(randomBytes(32));
      await restoreBackup(target.services, archive);
      const checked = await secureStoredSecrets(target.services);
      expect(checked.removed).toContain("lost-key@club.test");
      expect(checked.removed).toContain("sealed@club.test");
      const { db } = target.services;
      expect(await db.selectFrom("accounts").select("email").where("id", "=", account.id).executeTakeFirst()).toEqual({
        email: "lost-key@club.test",
      });
      expect(await db.selectFrom("totp_factors").selectAll().execute()).toEqual([]);
      expect(await db.selectFrom("recovery_codes").selectAll().where("account_id", "=", account.id).execute()).toEqual(
        [],
      );
      const said = await db
        .selectFrom("audit_log")
        .select("content")
        .where("content", "like", "'lost-key@club.test' 관리자의 인증 앱을 지웠습니다%")
        .execute();
      expect(said).toHaveLength(1);
      expect(said[0]?.content).toContain("다시 설정해야 합니다");
    });
  });
});
