import { expect, test } from "vitest";
import { listAllEvents } from "#server/domain/calendar/calendar.ts";
import { listManagedPeriods } from "#server/domain/courses/manage.ts";
import { getLeaders, saveLeaders } from "#server/domain/leaders/leaders.ts";
import { leadersForm } from "../support/admin-forms.ts";
import { lastAuditEntry } from "../support/stored-content.ts";
import { postCommand } from "./support/admin-requests.ts";
import { describeEachDatabase } from "./support/databases.ts";

const NUL = "\u0000";
const RLO = "\u202E"; // right-to-left override: shows "gnp.exe" as "exe.png"
const ISOLATE = "\u2066";

/**
 * What the admin writes store of characters that have no place in the site's text, through the
 * real write endpoint on each engine: control and bidirectional formatting characters are taken
 * out of single-line fields (tabs and line breaks become spaces there), and out of multi-line
 * ones, which keep their line breaks (server/domain/write/text-schemas.ts).
 */
describeEachDatabase("text with control characters", (services) => {
  test("a period's name is stored without NUL or an override, and the audit entry shows it clean", async () => {
    const answer = await postCommand(services(), "courses", {
      intent: "create-period",
      name: `2031-1${NUL}학기${RLO}`,
    });
    expect(answer.body).toMatchObject({ ok: true, message: "'2031-1학기' 학기가 추가되었습니다" });
    const names = (await listManagedPeriods(services().db)).map((period) => period.name);
    expect(names).toContain("2031-1학기");
    for (const character of [NUL, RLO]) expect(names.join("")).not.toContain(character);
    await expect(lastAuditEntry(services().db, "courses")).resolves.toMatchObject({
      content: "'2031-1학기' 학기가 추가되었습니다",
    });
  });

  test("a leader's name loses its isolates and line breaks", async () => {
    await saveLeaders(
      services().db,
      {
        leaders: [
          { name: "김회장", phoneNumber: "010-1111-2222" },
          { name: "이부회장", phoneNumber: "010-3333-4444" },
        ],
      },
      undefined,
    );
    const { version } = await getLeaders(services().db);
    const answer = await postCommand(
      services(),
      "leaders",
      leadersForm(version, [
        { name: `${ISOLATE}박${RLO}회장\u2069`, phoneNumber: "010-1234-5678" },
        { name: "최\n부회장", phoneNumber: "02-123-4567" },
        { name: "", phoneNumber: "" },
      ]),
    );
    expect(answer.body).toMatchObject({ ok: true });
    const { value } = await getLeaders(services().db);
    expect(value.leaders.map((leader) => leader.name)).toEqual(["박회장", "최 부회장"]);
  });

  test("a calendar event's title is one clean line; its description keeps its lines", async () => {
    const answer = await postCommand(services(), "calendar", {
      intent: "create",
      title: `정기${NUL} 총회\t${RLO}`,
      startDate: "2031-03-04",
      startTime: "18:00",
      endDate: "2031-03-04",
      endTime: "20:00",
      location: "학생회관",
      description: `첫째 줄${RLO}\r\n\t둘째 줄${NUL}`,
    });
    expect(answer.body).toMatchObject({ ok: true });
    const event = (await listAllEvents(services().db)).find((candidate) => candidate.title.startsWith("정기"));
    // A browser sends each line break as CRLF; it is kept as one line break.
    expect(event).toMatchObject({ title: "정기 총회", description: "첫째 줄\n\t둘째 줄" });
  });

  test("a field of only such characters is empty, and refused as empty", async () => {
    const answer = await postCommand(services(), "courses", {
      intent: "create-period",
      name: `${NUL}${RLO}${ISOLATE}`,
    });
    expect(answer.body).toMatchObject({ ok: false, status: 400, fieldErrors: { name: "학기 이름을 입력해 주세요." } });
  });
});
