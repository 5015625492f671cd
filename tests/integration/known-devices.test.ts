import { beforeAll, expect, test } from "vitest";
import type { SignedIn } from "#server/domain/accounts/sign-in-steps.ts";
import { addAccount, outcomeOf, signInWithPassword } from "./support/account-steps.ts";
import { describeEachDatabase } from "./support/databases.ts";

/** A small policy keeps the number of (slow, real) password checks down; the numbers are the point. */
const policy = { maxFailures: 3, windowMs: 15 * 60_000 };

describeEachDatabase("a lock-out that protects the owner", (services) => {
  const owner = { email: "owner@club.test", password: "owner-password" };
  beforeAll(async () => {
    await addAccount(services(), owner.email, owner.password);
    await addAccount(services(), "other@club.test", "other-password");
  });

  const attempt = async (password: string, address: string, deviceToken?: string, email = owner.email) => {
    const result = await signInWithPassword(services(), { email, password, address, deviceToken, policy });
    return { outcome: outcomeOf(result), deviceToken: (result.data as SignedIn | undefined)?.deviceToken };
  };

  test("a browser that signed in once is known; strangers' failures never lock it out", async () => {
    const first = await attempt(owner.password, "198.51.100.1");
    expect(first.outcome).toBe("signed-in");
    const { deviceToken } = first;
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
    expect(again.deviceToken).toBeUndefined();
  });

  test("a known device that keeps failing is limited on its own", async () => {
    const { deviceToken } = await attempt(owner.password, "192.0.2.10");
    for (let index = 0; index < 3; index++) {
      expect((await attempt("wrong", "192.0.2.10", deviceToken)).outcome).not.toBe("signed-in");
    }
    expect((await attempt(owner.password, "192.0.2.10", deviceToken)).outcome).toBe("limited");
    const refused = await services()
      .db.selectFrom("audit_log")
      .select(["type", "content"])
      .where("error", "=", "로그인 시도 제한")
      .execute();
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((entry) => entry.type === "failure")).toBe(true);
    expect(refused.at(-1)?.content).toBe("'owner@club.test' 계정으로 로그인하지 못했습니다 (접속 주소 192.0.2.10)");
  });

  test("another account's device cookie is no key to this one", async () => {
    const other = await attempt("other-password", "192.0.2.20", undefined, "other@club.test");
    const othersToken = other.deviceToken;
    expect(othersToken).toBeDefined();
    // The owner's address-and-account limit from the first test still holds for this browser.
    expect((await attempt(owner.password, "203.0.113.5", othersToken)).outcome).toBe("limited");
  });
});
