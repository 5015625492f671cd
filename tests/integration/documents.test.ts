import { expect, test } from "vitest";
import { z } from "zod";
import { readDocument, writeDocument } from "#server/db/documents.ts";
import { demoSiteSettings, getSiteSettings, saveSiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { VersionConflictError } from "#server/failures.ts";
import { seedDemoContent } from "#server/seed/seed.ts";
import { describeEachDatabase } from "./support/databases.ts";

const noteSchema = z.object({ text: z.string().min(1) });

describeEachDatabase("versioned documents", (services) => {
  test("a document is created once and then updated only from its current version", async () => {
    const { db } = services();
    await expect(readDocument(db, "note", noteSchema)).resolves.toBeUndefined();

    const created = await writeDocument(db, "note", noteSchema, { text: "첫 메모" }, undefined);
    expect(created.version).toBe(1);
    await expect(writeDocument(db, "note", noteSchema, { text: "또 만들기" }, undefined)).rejects.toBeInstanceOf(
      VersionConflictError,
    );

    const updated = await writeDocument(db, "note", noteSchema, { text: "고친 메모" }, 1);
    expect(updated.version).toBe(2);

    // A second editor still holding version 1 is refused, and the newer text survives.
    const stale = writeDocument(db, "note", noteSchema, { text: "낡은 편집" }, 1);
    await expect(stale).rejects.toMatchObject({ name: "VersionConflictError", currentVersion: 2 });
    await expect(readDocument(db, "note", noteSchema)).resolves.toMatchObject({
      value: { text: "고친 메모" },
      version: 2,
    });
  });

  test("invalid values are refused before anything is written", async () => {
    const { db } = services();
    await expect(writeDocument(db, "empty", noteSchema, { text: "" }, undefined)).rejects.toThrow();
    await expect(readDocument(db, "empty", noteSchema)).resolves.toBeUndefined();
  });
});

describeEachDatabase("site settings and the demo seed", (services) => {
  test("seeding fills an empty database once and never touches it again", async () => {
    const s = services();
    await expect(seedDemoContent(s)).resolves.toBe("seeded");
    const { value, version } = await getSiteSettings(s.db);
    expect(value.clubName).toBe("KERNEL");
    expect(value.foundedYear).toBe(1973);

    await saveSiteSettings(s.db, { ...value, clubName: "새 이름" }, version);
    await expect(seedDemoContent(s)).resolves.toBe("skipped");
    await expect(getSiteSettings(s.db)).resolves.toMatchObject({ value: { clubName: "새 이름" } });
  });

  test("settings are validated: a malformed e-mail address is refused", async () => {
    const { db } = services();
    const current = await getSiteSettings(db);
    const broken = { ...demoSiteSettings("http://club.test"), email: "not-an-email" };
    await expect(saveSiteSettings(db, broken, current.version)).rejects.toThrow();
  });
});
