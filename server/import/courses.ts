import { periodKey } from "#server/domain/courses/courses.ts";
import { addCourseEntry, addPeriod, courseEntrySchema, periodInputSchema } from "#server/domain/courses/manage.ts";
import type { CourseKind } from "#shared/course-kinds.ts";
import { SkipError } from "./export-files.ts";
import { documentOf } from "./firestore.ts";
import type { ImportItem, ItemReader } from "./items.ts";
import { entryKeys, field, list, records, text } from "./source-values.ts";

/**
 * information/periods: {periods: ["2024-1학기", ...]} (or `contents`), the list in its order;
 * community_activity_courses/{period}: {period, projects[], sessions[], studies[]}, entries
 * {title, description?, leader?}. A period with a record but missing from the list is added
 * after the listed ones. Each entry is an item of its own, written into its period.
 */
export const courseItems: ItemReader = (source) => {
  const listDocument = documentOf(source, "information", "periods")?.data ?? {};
  const courses = source.get("community_activity_courses") ?? [];
  const names: string[] = [];
  for (const name of [
    ...list(field(listDocument, "periods", "contents")).map(text),
    ...courses.map((course) => text(course.data.period) || course.id),
  ]) {
    if (!names.some((known) => periodKey(known) === periodKey(name))) names.push(name);
  }

  const items: ImportItem[] = names.map((name) => ({
    source: periodSource(name),
    kind: "period",
    label: name,
    write: ({ trx }) => addPeriod(trx, periodInputSchema.parse({ name })),
  }));

  for (const course of courses) {
    const name = text(course.data.period) || course.id;
    for (const [kind, fieldName] of kinds) {
      const entries = records(course.data[fieldName]);
      for (const [index, key] of entryKeys(entries).entries()) {
        const entry = entries[index] ?? {};
        items.push({
          source: `${course.path}/${fieldName}/${key}`,
          kind: "courseEntry",
          label: `${name} ${text(entry.title)}`.trim(),
          write: async ({ trx, importedId }) => {
            const fields = courseEntrySchema.parse({
              title: text(entry.title),
              description: text(field(entry, "description", "content")),
              leader: text(entry.leader),
            });
            const periodId = await importedId(periodSource(name));
            if (!periodId) throw new SkipError(`its period '${name}' was not imported.`);
            return addCourseEntry(trx, { periodId, kind }, fields);
          },
        });
      }
    }
  }
  return items;
};

const kinds: [CourseKind, string][] = [
  ["project", "projects"],
  ["session", "sessions"],
  ["study", "studies"],
];

function periodSource(name: string): string {
  return `information/periods/${periodKey(name)}`;
}
