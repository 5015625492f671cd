import { describe, expect, test } from "vitest";
import {
  currentParameters,
  generatePassword,
  hashPassword,
  needsRehash,
  verifyPassword,
} from "#server/domain/accounts/passwords.ts";

// Each hash takes a real scrypt derivation (32 MiB, a few hundred milliseconds).
describe("password hashing", { timeout: 30_000 }, () => {
  test("a hash is a PHC string carrying scrypt's parameters, a 16-byte salt and a 64-byte key", async () => {
    const hash = await hashPassword("동아리비밀번호");
    const match = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(hash);
    expect(match).not.toBeNull();
    expect(match?.slice(1, 4).map(Number)).toEqual([15, 8, 3]);
    expect(Buffer.from(match?.[4] ?? "", "base64")).toHaveLength(16);
    expect(Buffer.from(match?.[5] ?? "", "base64")).toHaveLength(64);
    expect(hash).not.toContain("동아리비밀번호");
  });

  test("the right password verifies, a wrong one does not", async () => {
    const hash = await hashPassword("correct horse");
    await expect(verifyPassword("correct horse", hash)).resolves.toBe(true);
    await expect(verifyPassword("correct horse ", hash)).resolves.toBe(false);
    await expect(verifyPassword("Correct horse", hash)).resolves.toBe(false);
  });

  test("the same password hashes differently each time (random salt)", async () => {
    const [first, second] = await Promise.all([hashPassword("abcdef"), hashPassword("abcdef")]);
    expect(first).not.toBe(second);
    await expect(verifyPassword("abcdef", second)).resolves.toBe(true);
  });

  test("Hangul typed as decomposed jamo (NFD) verifies against the composed password", async () => {
    const hash = await hashPassword("한글암호");
    await expect(verifyPassword("한글암호".normalize("NFD"), hash)).resolves.toBe(true);
  });

  test("hashes made with older parameters still verify and ask to be rehashed", async () => {
    const old = await hashPassword("abcdef", { ln: 14, r: 8, p: 1 });
    expect(old.startsWith("$scrypt$ln=14,r=8,p=1$")).toBe(true);
    await expect(verifyPassword("abcdef", old)).resolves.toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword("abcdef"))).toBe(false);
    expect(currentParameters).toEqual({ ln: 15, r: 8, p: 3 });
  });

  test("malformed, tampered or absurd stored hashes never verify", async () => {
    const hash = await hashPassword("abcdef");
    const parts = hash.split("$");
    const key = Buffer.from(parts[5] ?? "", "base64");
    key[0] = (key[0] ?? 0) ^ 1;
    const tampered = [...parts.slice(0, 5), key.toString("base64").replace(/=+$/, "")].join("$");
    for (const stored of [
      "",
      "abcdef",
      tampered,
      hash.replace("ln=15", "ln=30"),
      hash.replace("$scrypt$", "$argon2id$"),
    ]) {
      await expect(verifyPassword("abcdef", stored)).resolves.toBe(false);
    }
    expect(needsRehash("not a hash")).toBe(true);
  });

  test("generated passwords are long and random", () => {
    const passwords = new Set(Array.from({ length: 20 }, generatePassword));
    expect(passwords.size).toBe(20);
    for (const password of passwords) expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});
