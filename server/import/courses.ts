import { periodKey } from "#server/domain/courses/courses.ts";
import { addCourseEntry, addPeriod, courseEntrySchema, periodInputSchema } from "#server/domain/courses/manage.ts";
import type { CourseKind } from "#shared/course-kinds.ts";
import { SkipError } from "./export-files.ts";
import { documentOf } from "./firestore.ts";
import { type ImportItem, type ItemReader, listItems, unreadableItem } from "./items.ts";
import { field, firstText, list, quoted, text } from "./source-values.ts";

const PERIODS_DOCUMENT = "information/periods";

/**
 * information/periods: {periods: ["2024-1학기", ...]} (or `contents`), the list in its order;
 * community_activity_courses/{period}: {period, projects[], sessions[], studies[]}, entries
 * {title, description?, leader?}. A period with a record but missing from the list is added
 * after the listed ones. Each entry is an item of its own, written into its period.
 */
export const courseItems: ItemReader = (source) => {
  const listDocument = documentOf(source, "information", "periods");
  const courses = source.collections.get("community_activity_courses") ?? [];
  const items: ImportItem[] = [];
  const names: { name: string; document: string }[] = [];
  const listed = list(listDocument ? field(listDocument.data, "periods", "contents") : undefined);
  for (const [index, value] of listed.entries()) {
    const name = text(value).trim();
    if (name === "") {
      items.push(
        unreadableItem(
          {
            source: `${PERIODS_DOCUMENT}/periods/${index}`,
            document: PERIODS_DOCUMENT,
            kind: "period",
            label: `periods[${index}]`,
          },
          `the entry is ${quoted(value)}, not a period's name.`,
        ),
      );
    } else {
      names.push({ name, document: PERIODS_DOCUMENT });
    }
  }
  for (const course of courses)
    names.push({ name: text(course.data.period).trim() || course.id, document: course.path });

  const added = new Set<string>();
  for (const { name, document } of names) {
    if (added.has(periodKey(name))) continue;
    added.add(periodKey(name));
    items.push({
      source: periodSource(name),
      document,
      kind: "period",
      label: name,
      write: ({ trx }) => addPeriod(trx, periodInputSchema.parse({ name })),
    });
  }

  for (const course of courses) {
    const name = text(course.data.period).trim() || course.id;
    for (const [kind, fieldName] of kinds) {
      items.push(
        ...listItems(
          course.data[fieldName],
          { document: course.path, field: fieldName, kind: "courseEntry" },
          (entry, key): ImportItem => {
            const title = firstText(entry, "title", "name");
            return {
              source: `${course.path}/${fieldName}/${key}`,
              document: course.path,
              kind: "courseEntry",
              label: `${name} ${title}`.trim(),
              write: async ({ trx, importedId }) => {
                const fields = courseEntrySchema.parse({
                  title,
                  description: firstText(entry, "description", "content", "text"),
                  leader: firstText(entry, "leader", "leaderName"),
                });
                const periodId = await importedId(periodSource(name));
                if (!periodId) throw new SkipError(`its period '${name}' was not imported.`);
                return addCourseEntry(trx, { periodId, kind }, fields);
              },
            };
          },
        ),
      );
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
  return `${PERIODS_DOCUMENT}/${periodKey(name)}`;
}
