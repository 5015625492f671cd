import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { type ParticlePair, particle, recordNoun, withParticle } from "#shared/korean.ts";

describe("particles", () => {
  test.each([
    ["회지", "이/가", "가"],
    ["활동", "이/가", "이"],
    ["'테스트 노트북'", "을/를", "을"],
    ["'2026-1학기'", "이/가", "가"],
    ["'IMG_0420.jpg'", "은/는", "는"],
    ["'notes.txt'", "은/는", "는"],
    ["'a.png', 'b.png'", "은/는", "는"],
    ["서울", "으로/로", "로"],
    ["모집 중", "으로/로", "으로"],
    ["회지", "으로/로", "로"],
    ["동아리", "과/와", "와"],
    ["운영진", "과/와", "과"],
    ["iPhone", "을/를", "을"],
    ["MacBook", "이/가", "이"],
    ["Galaxy S24", "을/를", "를"],
    ["Pixel 8", "을/를", "을"],
    ["PDF", "을/를", "를"],
    ["HTML", "으로/로", "로"],
    ["URL", "이/가", "이"],
    ["10", "을/를", "을"],
    ["3", "이/가", "이"],
    ["e2e-shell@club.test", "이/가", "가"],
    ["(파일)", "과/와", "과"],
  ] as [string, ParticlePair, string][])("%s takes %s → %s", (word, pair, expected) => {
    expect(particle(word, pair)).toBe(expected);
  });

  test("a word with its particle, and a record's noun", () => {
    expect(withParticle("'테스트 노트북'", "을/를")).toBe("'테스트 노트북'을");
    expect(recordNoun("회칙 파일")).toEqual({ name: "회칙 파일", subject: "회칙 파일이", object: "회칙 파일을" });
  });
});

/** Every source file under a folder of the project. */
async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

test("no text falls back to both particles, such as 을(를): the helper picks one", async () => {
  const fallback = /[을를이가은는과와]\((을|를|이|가|은|는|과|와|로|으로)\)|\(으\)로/;
  const files = (await Promise.all(["app", "server", "shared", "scripts"].map(sourceFiles))).flat();
  expect(files.length).toBeGreaterThan(100);
  const offenders: string[] = [];
  for (const file of files) {
    const lines = (await readFile(file, "utf8")).split("\n");
    for (const [index, line] of lines.entries()) {
      if (fallback.test(line)) offenders.push(`${file}:${index + 1}: ${line.trim()}`);
    }
  }
  expect(offenders).toEqual([]);
});
