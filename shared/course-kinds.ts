import { type RecordNoun, recordNoun } from "#shared/korean.ts";

export type CourseKind = "project" | "session" | "study";

/**
 * The three kinds of course entries in the order pages show them, with the nouns messages use.
 * Shared: the admin page's browser code uses it too.
 */
export const courseKinds: { kind: CourseKind; noun: RecordNoun }[] = [
  { kind: "project", noun: recordNoun("프로젝트") },
  { kind: "session", noun: recordNoun("세션") },
  { kind: "study", noun: recordNoun("스터디") },
];

export const periodNoun = recordNoun("학기");

/** The noun of a kind; an unknown kind (a malformed request) is an "항목". */
export function courseKindNoun(kind: string | undefined): RecordNoun {
  return courseKinds.find((entry) => entry.kind === kind)?.noun ?? recordNoun("항목");
}
