import { beforeAll, expect, test } from "vitest";
import { createAccount } from "#server/domain/accounts/accounts.ts";
import { signIn } from "#server/domain/accounts/authentication.ts";
import { describeEachDatabase } from "./support/databases.ts";

/** A small policy keeps the number of (slow, real) password checks down; the numbers are the point. */
const policy = { maxFailures: 3, windowMs: 15 * 60_000 };

describeEachDatabase("a lock-out that protects the owner", (services) => {
  const owner = { email: "owner@club.test", password: "owner-password" };
  beforeAll(async () => {
    await createAccount(services().db, { ...owner, actor: "system" });
    await createAccount(services().db, {
      email: "other@club.test",
      password: "other-password",
      actor: "system",
    });
  });

  const attempt = (password: string, clientAddress: string, deviceToken?: string, email = owner.email) =>
    signIn(services().db, { email, password, persistent: false, clientAddress, deviceToken }, new Date(), policy);

  test("a browser that signed in once is known; strangers' failures never lock it out", async () => {
    const first = await attempt(owner.password, "198.51.100.1");
    expect(first.outcome).toBe("signed-in");
    const deviceToken = first.outcome === "signed-in" ? first.deviceToken : undefined;
    expect(deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Strangers try the owner's address from many places until the account is limited for them.
    for (let index = 0; index < 4; index++) {
      await attempt(`guess-${index}`, `203.0.113.${index}`);
    }
    expect((await attempt(owner.password, "203.0.113.99")).outcome).toBe("limited");

    // The owner's known browser still signs in, from an address of its own or a stranger's.
    const again = await attempt(owner.password, "203.0.113.1", deviceToken);
    expect(again.outcome).toBe("signed-in");
    // It is known already: no second device cookie.
    expect(again.outcome === "signed-in" && again.deviceToken).toBeUndefined();
  });

  test("a known device that keeps failing is limited on its own", async () => {
    const first = await attempt(owner.password, "192.0.2.10");
    const deviceToken = first.outcome === "signed-in" ? first.deviceToken : undefined;
    for (let index = 0; index < 3; index++) {
      expect((await attempt("wrong", "192.0.2.10", deviceToken)).outcome).not.toBe("signed-in");
    }
    expect((await attempt(owner.password, "192.0.2.10", deviceToken)).outcome).toBe("limited");
    const refused = await services()
      .db.selectFrom("audit_log")
      .select(["type", "content"])
      .where("content", "like", "%로그인을 막았습니다%")
      .execute();
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((entry) => entry.type === "failure")).toBe(true);
  });

  test("another account's device cookie is no key to this one", async () => {
    const other = await attempt("other-password", "192.0.2.20", undefined, "other@club.test");
    const othersToken = other.outcome === "signed-in" ? other.deviceToken : undefined;
    expect(othersToken).toBeDefined();
    // The owner's address-and-account limit from the first test still holds for this browser.
    expect((await attempt(owner.password, "203.0.113.5", othersToken)).outcome).toBe("limited");
  });
});
