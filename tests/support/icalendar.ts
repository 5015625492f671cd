/**
 * The properties of one VEVENT of an iCalendar text, as a calendar client reads them (lines
 * unfolded), name → value; undefined when no event's lines contain `line`, e.g. "UID:…".
 */
export function veventWith(calendar: string, line: string): Map<string, string> | undefined {
  const block = calendar
    .replace(/\r\n[ \t]/g, "")
    .split("BEGIN:VEVENT\r\n")
    .slice(1)
    .find((part) => part.split("\r\n").includes(line));
  if (!block) return undefined;
  const properties = new Map<string, string>();
  for (const content of block.split("\r\n")) {
    const match = /^([A-Z-]+)(?:;[^:]*)?:(.*)$/.exec(content);
    if (match?.[1] && match[2] !== undefined) properties.set(match[1], match[2]);
  }
  return properties;
}
