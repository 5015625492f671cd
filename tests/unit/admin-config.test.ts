import { describe, expect, test } from "vitest";
import { ConfigError, loadConfig } from "#server/config.ts";

describe("the first account's configuration", () => {
  test("is optional", () => {
    const config = loadConfig({});
    expect(config.adminEmail).toBeUndefined();
    expect(config.adminPassword).toBeUndefined();
  });

  test("the address is trimmed and lower-cased; the password is kept as given", () => {
    const config = loadConfig({
      ADMIN_EMAIL: " Manager@Club.Example.org ",
      ADMIN_PASSWORD: " pa ss ",
    });
    expect(config.adminEmail).toBe("manager@club.example.org");
    expect(config.adminPassword).toBe(" pa ss ");
  });

  test("a wrong address stops the start and names the variable", () => {
    expect(() => loadConfig({ ADMIN_EMAIL: "manager" })).toThrow(
      'Invalid configuration: ADMIN_EMAIL must be an e-mail address (got "manager")',
    );
  });

  test("a short password stops the start without printing it", () => {
    let message = "";
    try {
      loadConfig({ ADMIN_PASSWORD: "hunt2" });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toBe("Invalid configuration: ADMIN_PASSWORD must be at least 6 characters");
    expect(message).not.toContain("hunt2");
  });
});
