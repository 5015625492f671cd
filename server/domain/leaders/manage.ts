import type { Db } from "#server/db/database.ts";
import { formRows, formVersion, unreadableForm } from "#server/domain/write/form-input.ts";
import { type Leaders, leadersSchema, saveLeaders } from "./leaders.ts";

/** The leaders form's rows: the president, a vice-president, and a second one if there is one. */
const LEADER_ROWS = 3;

export interface LeadersSubmission {
  version: number;
  leaders: Leaders;
}

/**
 * Reads the leaders form: one row of name and phone number per role, in order. The last row
 * may be left empty (the club has one vice-president then); the others are checked by the
 * schema, each error next to its field ("leaders.1.phoneNumber").
 */
export function readLeadersForm(form: FormData): LeadersSubmission {
  const version = formVersion(form);
  const rows = formRows(form, "leaders", ["name", "phoneNumber"]);
  if (rows.length !== LEADER_ROWS) throw unreadableForm();
  const filled = rows.filter(
    (row, index) => index < LEADER_ROWS - 1 || row.name.trim() !== "" || row.phoneNumber.trim() !== "",
  );
  return { version, leaders: leadersSchema.parse({ leaders: filled }) };
}

export async function writeLeaders(trx: Db, { version, leaders }: LeadersSubmission) {
  await saveLeaders(trx, leaders, version);
}
