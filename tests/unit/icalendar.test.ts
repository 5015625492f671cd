import { describe, expect, test } from "vitest";
import type { CalendarEvent } from "#server/domain/calendar/calendar.ts";
import { buildICalendar } from "#server/domain/calendar/icalendar.ts";

const longDescription =
  "한 학기 동안 만든 프로젝트를 발표하고, 다음 학기 운영진을 소개하며, 회비 사용 내역을 공개합니다. 발표 순서는 당일 추첨으로 정합니다.";

const events: CalendarEvent[] = [
  {
    id: "a1b2c3d4e5f60718293a4b5c6d7e8f90",
    title: "종강 총회; 결산, 발표",
    // 19:00-21:00 on 23 November in Seoul.
    startsAt: "2026-11-23T10:00:00.000Z",
    endsAt: "2026-11-23T12:00:00.000Z",
    allDay: false,
    location: "학생회관 대강당, 3층",
    description: `${longDescription}\n준비물: 노트북\\충전기`,
    version: 3,
    updatedAt: "2026-11-20T09:30:00.000Z",
  },
  {
    id: "00112233445566778899aabbccddeeff",
    title: "기말고사 기간",
    // 11-22 December in Seoul, all day: midnight on the 11th to midnight starting the 23rd.
    startsAt: "2026-12-10T15:00:00.000Z",
    endsAt: "2026-12-22T15:00:00.000Z",
    allDay: true,
    location: "",
    description: "",
    version: 1,
    updatedAt: "2026-11-01T00:00:00.000Z",
  },
  {
    id: "ffeeddccbbaa99887766554433221100",
    title: "오대호 배포",
    // 1 December in Seoul, all day.
    startsAt: "2026-11-30T15:00:00.000Z",
    endsAt: "2026-12-01T15:00:00.000Z",
    allDay: true,
    location: "동아리방",
    description: "올해 회지를 나눠 드립니다.",
    version: 1,
    updatedAt: "2026-11-01T00:00:00.000Z",
  },
];

const output = buildICalendar(events, { clubName: "KERNEL", siteUrl: "https://club.example.org" });

interface Property {
  name: string;
  params: string;
  value: string;
}

interface Component {
  type: string;
  properties: Property[];
  children: Component[];
}

/** Unfolds the content lines and rebuilds the component tree, as a calendar client would. */
function parse(text: string): Component {
  const lines = text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean);
  const root: Component = { type: "ROOT", properties: [], children: [] };
  const stack = [root];
  for (const line of lines) {
    const match = /^([A-Z0-9-]+)((?:;[^:]*)?):(.*)$/.exec(line);
    if (!match) throw new Error(`Not a content line: ${line}`);
    const [, name = "", params = "", value = ""] = match;
    const current = stack.at(-1);
    if (!current) throw new Error("END without BEGIN");
    if (name === "BEGIN") {
      const child: Component = { type: value, properties: [], children: [] };
      current.children.push(child);
      stack.push(child);
    } else if (name === "END") {
      if (current.type !== value) throw new Error(`END:${value} closes ${current.type}`);
      stack.pop();
    } else {
      current.properties.push({ name, params, value });
    }
  }
  if (stack.length !== 1) throw new Error("Unclosed component");
  return root;
}

function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_match, character: string) =>
    character === "n" || character === "N" ? "\n" : character,
  );
}

const calendar = parse(output).children[0];
const vevents = calendar?.children.filter((child) => child.type === "VEVENT") ?? [];
const prop = (component: Component | undefined, name: string) =>
  component?.properties.find((property) => property.name === name);

describe("iCalendar feed", () => {
  test("is one VCALENDAR with the required header properties", () => {
    expect(parse(output).children).toHaveLength(1);
    expect(calendar?.type).toBe("VCALENDAR");
    expect(prop(calendar, "VERSION")?.value).toBe("2.0");
    expect(prop(calendar, "PRODID")?.value).toMatch(/^-\/\/KERNEL\/\/.+\/\/KO$/);
    expect(prop(calendar, "CALSCALE")?.value).toBe("GREGORIAN");
    expect(unescapeText(prop(calendar, "X-WR-CALNAME")?.value ?? "")).toBe("KERNEL 캘린더");
  });

  test("ends every line with CRLF, the last one too, and folds every line at 75 octets", () => {
    expect(output.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(output.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
    const physicalLines = output.split("\r\n");
    for (const line of physicalLines) {
      expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
      // A fold never splits a character: each line is whole UTF-8 on its own.
      expect(Buffer.from(line, "utf8").toString("utf8")).toBe(line);
    }
    // The long Korean description really was folded.
    expect(physicalLines.some((line) => line.startsWith(" "))).toBe(true);
  });

  test("has one VEVENT per event with a stable UID, DTSTAMP and SEQUENCE", () => {
    expect(vevents).toHaveLength(3);
    const uids = vevents.map((event) => prop(event, "UID")?.value);
    expect(uids).toEqual([
      "a1b2c3d4e5f60718293a4b5c6d7e8f90@club.example.org",
      "00112233445566778899aabbccddeeff@club.example.org",
      "ffeeddccbbaa99887766554433221100@club.example.org",
    ]);
    expect(prop(vevents[0], "DTSTAMP")?.value).toBe("20261120T093000Z");
    expect(prop(vevents[0], "SEQUENCE")?.value).toBe("2");
  });

  test("timed events are in UTC; all-day events are DATE values with an exclusive end", () => {
    expect(prop(vevents[0], "DTSTART")).toEqual({
      name: "DTSTART",
      params: "",
      value: "20261123T100000Z",
    });
    expect(prop(vevents[0], "DTEND")?.value).toBe("20261123T120000Z");

    expect(prop(vevents[1], "DTSTART")).toEqual({
      name: "DTSTART",
      params: ";VALUE=DATE",
      value: "20261211",
    });
    expect(prop(vevents[1], "DTEND")).toEqual({
      name: "DTEND",
      params: ";VALUE=DATE",
      value: "20261223",
    });
    expect(prop(vevents[2], "DTSTART")?.value).toBe("20261201");
    expect(prop(vevents[2], "DTEND")?.value).toBe("20261202");
  });

  test("text is escaped and reads back unchanged", () => {
    const summary = prop(vevents[0], "SUMMARY")?.value ?? "";
    expect(summary).toBe("종강 총회\\; 결산\\, 발표");
    expect(unescapeText(summary)).toBe("종강 총회; 결산, 발표");
    expect(unescapeText(prop(vevents[0], "LOCATION")?.value ?? "")).toBe("학생회관 대강당, 3층");
    expect(unescapeText(prop(vevents[0], "DESCRIPTION")?.value ?? "")).toBe(
      `${longDescription}\n준비물: 노트북\\충전기`,
    );
  });

  test("empty location and description are left out rather than written blank", () => {
    expect(prop(vevents[1], "LOCATION")).toBeUndefined();
    expect(prop(vevents[1], "DESCRIPTION")).toBeUndefined();
    expect(unescapeText(prop(vevents[1], "SUMMARY")?.value ?? "")).toBe("기말고사 기간");
  });

  test("each event links to its month on the site", () => {
    expect(prop(vevents[1], "URL")?.value).toBe("https://club.example.org/archive/calendar?month=2026-12");
  });
});
