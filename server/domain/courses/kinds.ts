import type { RecordNoun } from "../../../shared/korean.ts";
import type { CourseKind } from "../../db/schema.ts";

/**
 * The three kinds of course entries in the order pages show them, with the nouns messages use.
 * No server imports here: the admin page's browser code uses it too.
 */
export const courseKinds: { kind: CourseKind; noun: RecordNoun }[] = [
  { kind: "project", noun: { name: "프로젝트", subject: "프로젝트가", object: "프로젝트를" } },
  { kind: "session", noun: { name: "세션", subject: "세션이", object: "세션을" } },
  { kind: "study", noun: { name: "스터디", subject: "스터디가", object: "스터디를" } },
];

export const periodNoun: RecordNoun = { name: "학기", subject: "학기가", object: "학기를" };

/** The noun of a kind; an unknown kind (a malformed request) is an "항목". */
export function courseKindNoun(kind: string | undefined): RecordNoun {
  return (
    courseKinds.find((entry) => entry.kind === kind)?.noun ?? {
      name: "항목",
      subject: "항목이",
      object: "항목을",
    }
  );
}
