import { RouterContextProvider } from "react-router";
import { beforeAll, expect, test } from "vitest";
import { loader as feedLoader } from "#app/routes/resources/calendar-ics.ts";
import { listAllEvents, listEventsInMonth, listUpcomingEvents } from "#server/domain/calendar/calendar.ts";
import { buildICalendar } from "#server/domain/calendar/icalendar.ts";
import { demoSiteSettings, saveSiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { servicesContext } from "#server/http/router-context.ts";
import { veventWith } from "../support/icalendar.ts";
import { lastAuditEntry } from "../support/stored-content.ts";
import { MANAGER, postCommand } from "./support/admin-requests.ts";
import { describeEachDatabase } from "./support/databases.ts";

/** The VEVENT of an event in the feed built from the database now. */
async function feedEvent(db: Parameters<typeof listAllEvents>[0], id: string) {
  const feed = buildICalendar(await listAllEvents(db), {
    clubName: "KERNEL",
    siteUrl: "https://club.example.org",
  });
  return veventWith(feed, `UID:${id}@club.example.org`);
}

const basic = {
  title: "종강 총회",
  startDate: "2026-12-18",
  startTime: "18:00",
  endDate: "2026-12-18",
  endTime: "21:00",
  location: "학생회관 대강당",
  description: "한 학기 결산",
};

describeEachDatabase("managing the calendar", (services) => {
  beforeAll(async () => {
    // The feed names the club from the site settings, as a seeded database has them.
    await saveSiteSettings(services().db, demoSiteSettings("http://club.test"), undefined);
  });

  const post = async (fields: Record<string, string>) => {
    const { status, body } = await postCommand(services(), "calendar", fields);
    return { ...body, status };
  };
  const create = (fields: Record<string, string>) => post({ intent: "create", ...fields });
  const stored = async (id: string) => {
    const event = (await listAllEvents(services().db)).find((candidate) => candidate.id === id);
    if (!event) throw new Error(`No event ${id}`);
    return event;
  };
  const createdId = (result: { data?: unknown }) => (result.data as { id: string }).id;

  test("a timed event is stored as UTC instants of its Seoul times and shows in its month", async () => {
    const result = await create(basic);
    expect(result).toMatchObject({
      ok: true,
      message: "'종강 총회' 일정이 추가되었습니다",
      data: { month: "2026-12" },
    });
    const event = await stored(createdId(result));
    expect(event).toMatchObject({
      title: "종강 총회",
      startsAt: "2026-12-18T09:00:00.000Z",
      endsAt: "2026-12-18T12:00:00.000Z",
      allDay: false,
      location: "학생회관 대강당",
      description: "한 학기 결산",
      version: 1,
    });
    const december = await listEventsInMonth(services().db, { year: 2026, month: 12 });
    expect(december.map((candidate) => candidate.id)).toContain(event.id);
    await expect(lastAuditEntry(services().db, "calendar")).resolves.toEqual({
      type: "normal",
      content: "'종강 총회' 일정이 추가되었습니다",
      error: null,
      actor: MANAGER,
    });
  });

  test("an all-day event runs from Seoul midnight of its first day to midnight after its last", async () => {
    const result = await create({
      title: "겨울 합숙",
      allDay: "on",
      startDate: "2026-12-31",
      startTime: "09:00",
      endDate: "2027-01-02",
      endTime: "",
    });
    expect(result).toMatchObject({ ok: true, data: { month: "2026-12" } });
    const event = await stored(createdId(result));
    expect(event).toMatchObject({
      allDay: true,
      startsAt: "2026-12-30T15:00:00.000Z",
      endsAt: "2027-01-02T15:00:00.000Z",
    });
    const january = await listEventsInMonth(services().db, { year: 2027, month: 1 });
    expect(january.map((candidate) => candidate.id)).toContain(event.id);
    const feed = await feedEvent(services().db, event.id);
    expect(feed?.get("DTSTART")).toBe("20261231");
    expect(feed?.get("DTEND")).toBe("20270103");
  });

  test("events are validated: title, dates that exist, times for timed events, end not before start", async () => {
    const refused = async (fields: Record<string, string>) => {
      const result = await create({ ...basic, ...fields });
      expect(result).toMatchObject({ ok: false, status: 400 });
      return result.fieldErrors;
    };
    expect(await refused({ title: "  " })).toEqual({ title: "제목을 입력해 주세요." });
    expect(await refused({ startDate: "2026-02-30", endDate: "2026-03-01" })).toEqual({
      startDate: "달력에 없는 날짜입니다.",
    });
    expect(await refused({ startDate: "18/12/2026" })).toMatchObject({
      startDate: "날짜를 2026-11-23 형식으로 입력해 주세요.",
    });
    expect(await refused({ startTime: "", endTime: "" })).toEqual({
      startTime: "시작 시각을 입력해 주세요.",
      endTime: "끝나는 시각을 입력해 주세요.",
    });
    expect(await refused({ endTime: "25:00" })).toEqual({
      endTime: "시각을 19:00 형식으로 입력해 주세요.",
    });
    expect(await refused({ endTime: "17:59" })).toEqual({
      endTime: "끝나는 때가 시작보다 앞설 수 없습니다.",
    });
    expect(await refused({ endDate: "2026-12-17", endTime: "23:00" })).toEqual({
      endDate: "끝나는 때가 시작보다 앞설 수 없습니다.",
    });
    expect(await refused({ allDay: "on", endDate: "2026-12-17" })).toEqual({
      endDate: "끝나는 때가 시작보다 앞설 수 없습니다.",
    });
    expect(await refused({ startDate: "1960-01-01", endDate: "1960-01-01" })).toMatchObject({
      startDate: "1973년부터 2100년 사이의 날짜를 입력해 주세요.",
    });
    expect(await refused({ endDate: "2028-01-01" })).toMatchObject({
      endDate: expect.stringContaining("366일"),
    });
    // An event that ends when it starts is allowed: a deadline, a reminder.
    expect((await create({ ...basic, title: "신청 마감", endTime: "18:00" })).ok).toBe(true);
    await expect(lastAuditEntry(services().db, "calendar")).resolves.toMatchObject({
      content: "'신청 마감' 일정이 추가되었습니다",
    });
    const titles = (await listAllEvents(services().db)).map((event) => event.title);
    expect(titles.filter((title) => title === "종강 총회")).toHaveLength(1);
  });

  test("an edit bumps the version, so the feed's SEQUENCE grows and its DTSTAMP moves", async () => {
    const id = createdId(await create({ ...basic, title: "정기 세션" }));
    // Saved a day ago: the feed's DTSTAMP has whole seconds, so the edit must be later than that.
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
    await services().db.updateTable("calendar_events").set({ updated_at: dayAgo }).where("id", "=", id).execute();
    const before = await feedEvent(services().db, id);
    expect(before?.get("SEQUENCE")).toBe("0");
    expect(before?.get("DTSTAMP")).toBe(dayAgo.replace(/[-:]/g, "").replace(/\.\d{3}/, ""));
    const original = await stored(id);

    const result = await post({
      intent: "update",
      id,
      version: String(original.version),
      ...basic,
      title: "정기 세션 (장소 변경)",
      startDate: "2027-01-05",
      endDate: "2027-01-05",
      location: "공학관 402호",
    });
    expect(result).toMatchObject({
      ok: true,
      message: "'정기 세션 (장소 변경)' 일정이 수정되었습니다",
      data: { month: "2027-01" },
    });
    const edited = await stored(id);
    expect(edited).toMatchObject({
      version: 2,
      startsAt: "2027-01-05T09:00:00.000Z",
      location: "공학관 402호",
    });
    expect(edited.updatedAt > original.updatedAt).toBe(true);
    const after = await feedEvent(services().db, id);
    expect(after?.get("SEQUENCE")).toBe("1");
    expect(after?.get("SUMMARY")).toBe("정기 세션 (장소 변경)");
    expect(after?.get("DTSTART")).toBe("20270105T090000Z");
    const stamp = edited.updatedAt.replace(/[-:]/g, "").replace(/\.\d{3}/, "");
    expect(after?.get("DTSTAMP")).toBe(stamp);
    expect(after?.get("LAST-MODIFIED")).toBe(stamp);
    expect(after?.get("DTSTAMP")).not.toBe(before?.get("DTSTAMP"));
  });

  test("the feed asks caches to revalidate and shows a new event on the next load", async () => {
    // Its ETag and 304s come from the page cache (tests/integration/page-cache.test.ts).
    const get = async () => {
      const request = new Request("http://club.test/calendar.ics");
      const context = new RouterContextProvider();
      context.set(servicesContext, services());
      return (await feedLoader({
        request,
        url: new URL(request.url),
        params: {},
        context,
      } as never)) as Response;
    };
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("public, no-cache");
    const id = createdId(await create({ ...basic, title: "피드 갱신 확인" }));
    const changed = await get();
    await expect(changed.text()).resolves.toContain(`UID:${id}@`);
  });

  test("saving or deleting over a newer version is a conflict that changes nothing", async () => {
    const id = createdId(await create({ ...basic, title: "멘토링 데이" }));
    const { version } = await stored(id);
    expect((await post({ intent: "update", id, version: String(version), ...basic, title: "A" })).ok).toBe(true);
    const stale = await post({
      intent: "update",
      id,
      version: String(version),
      ...basic,
      title: "B",
    });
    expect(stale).toMatchObject({ ok: false, status: 409, conflict: true });
    const staleDelete = await post({ intent: "delete", id, version: String(version) });
    expect(staleDelete).toMatchObject({ status: 409, conflict: true });
    await expect(lastAuditEntry(services().db, "calendar")).resolves.toMatchObject({
      type: "failure",
      content: "'A' 일정 삭제에 실패했습니다",
    });
    expect((await stored(id)).title).toBe("A");
  });

  test("a deleted event leaves the month, the upcoming list and the feed", async () => {
    const now = new Date();
    const soon = new Date(now.getTime() + 3 * 24 * 60 * 60 * 1000);
    const date = new Date(soon.getTime() + 9 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const id = createdId(await create({ ...basic, title: "곧 열릴 해커톤", startDate: date, endDate: date }));
    const upcoming = await listUpcomingEvents(services().db, now, 50);
    expect(upcoming.map((event) => event.id)).toContain(id);
    expect(upcoming.every((event) => event.endsAt > now.toISOString() || event.startsAt >= now.toISOString())).toBe(
      true,
    );
    const { version } = await stored(id);

    const result = await post({ intent: "delete", id, version: String(version) });
    expect(result).toMatchObject({ ok: true, message: "'곧 열릴 해커톤' 일정이 삭제되었습니다" });
    expect((await listAllEvents(services().db)).map((event) => event.id)).not.toContain(id);
    expect((await listUpcomingEvents(services().db, now, 50)).map((e) => e.id)).not.toContain(id);
    await expect(feedEvent(services().db, id)).resolves.toBeUndefined();
    const again = await post({ intent: "delete", id, version: String(version) });
    expect(again).toMatchObject({ status: 404 });
  });

  test("the upcoming list holds running and later events, soonest first, and no past ones", async () => {
    const now = new Date("2026-12-18T10:00:00.000Z");
    const upcoming = await listUpcomingEvents(services().db, now, 3);
    expect(upcoming.length).toBeLessThanOrEqual(3);
    const starts = upcoming.map((event) => event.startsAt);
    expect(starts).toEqual([...starts].sort());
    // The events of 18 December 18:00-21:00 in Seoul (09:00-12:00 UTC) are running at 10:00 UTC.
    expect(upcoming[0]?.startsAt).toBe("2026-12-18T09:00:00.000Z");
    for (const event of upcoming) expect(event.endsAt > now.toISOString()).toBe(true);
    const titles = (await listUpcomingEvents(services().db, now, 50)).map((event) => event.title);
    // The deadline (an instant at 09:00 UTC) is over; the camp at the end of the month is to come.
    expect(titles).not.toContain("신청 마감");
    expect(titles).toContain("겨울 합숙");
  });
});
