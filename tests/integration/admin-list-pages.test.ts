import { beforeAll, expect, test } from "vitest";
import { listActivityYears, listMainActivitiesByYear } from "#server/domain/activities/activities.ts";
import { searchEvents } from "#server/domain/calendar/calendar.ts";
import { listFeedItems } from "#server/domain/feed/feed.ts";
import { listFeedPage } from "#server/domain/feed/manage.ts";
import { parseListQuery } from "#server/domain/list-query.ts";
import { listIssuePage } from "#server/domain/odaeho/manage.ts";
import { demoSiteSettings, saveSiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { imageFile, pdfDocument } from "../support/files.ts";
import { multipartForm, postCommand } from "./support/admin-requests.ts";
import { describeEachDatabase } from "./support/databases.ts";

/**
 * The hand-ordered admin lists that grow with the years (the feed, the odaeho issues) are
 * searched, counted and paged in the database, and a page is put in order on its own: its rows
 * change places among themselves, checked against the places the page showed. The main
 * activities are read one year at a time, and calendar events of any year are found by a search.
 */

describeEachDatabase("admin lists a page at a time", (services) => {
  const captions = [
    "봄 MT 사진",
    "해커톤 밤샘",
    "Hackathon 시상식",
    "동아리방 대청소",
    "100% 출석 기념",
    "가을 세미나",
    "종강 총회",
  ];
  const ids: string[] = [];

  beforeAll(async () => {
    await saveSiteSettings(services().db, demoSiteSettings("http://club.test"), undefined);
    // Each goes to the top: the last one made is first.
    for (const caption of captions) {
      const answer = await postCommand(
        services(),
        "feed",
        multipartForm({ intent: "create", caption, link: "", postedAt: "2030-05-01", image: await imageFile() }),
      );
      expect(answer.body.ok, answer.body.message).toBe(true);
      ids.unshift(answer.body.data as string);
    }
  }, 60_000);

  const feedPage = (page: number, search = "") =>
    listFeedPage(services().db, services().storage, { page, search, pageSize: 3 });
  const order = async () => (await listFeedItems(services().db, services().storage)).map((item) => item.id);
  const reorder = (expected: string[], id: string[], from: number) =>
    postCommand(services(), "feed", { intent: "reorder", expected, id, from: String(from) });

  test("pages follow the managers' order; a page past the last shows the last", async () => {
    const first = await feedPage(1);
    expect(first).toMatchObject({ total: 7, page: 1, pageCount: 3, from: 0 });
    expect(first.items.map((item) => item.id)).toEqual(ids.slice(0, 3));
    expect(first.items.every((item) => item.version === 1)).toBe(true);
    expect((await feedPage(2)).items.map((item) => item.id)).toEqual(ids.slice(3, 6));
    const past = await feedPage(99);
    expect(past).toMatchObject({ page: 3, from: 6 });
    expect(past.items.map((item) => item.caption)).toEqual(["봄 MT 사진"]);
  });

  test("a search keeps the items holding every word, in any case, and pages them", async () => {
    const captionsOf = async (search: string, page = 1) =>
      (await feedPage(page, search)).items.map((item) => item.caption);
    expect(await captionsOf("해커톤")).toEqual(["해커톤 밤샘"]);
    expect(await captionsOf("HACKATHON")).toEqual(["Hackathon 시상식"]);
    expect(await captionsOf("커톤 밤")).toEqual(["해커톤 밤샘"]);
    // "%" and "_" are letters here, not patterns.
    expect(await captionsOf("100%")).toEqual(["100% 출석 기념"]);
    expect(await captionsOf("_")).toEqual([]);
    // A search counts and pages its own results.
    expect(await feedPage(1, "해커톤")).toMatchObject({ total: 1, page: 1, pageCount: 1 });
    // The address is read as every list reads it: a bad page is page 1, the search trimmed.
    expect(parseListQuery(new URLSearchParams("page=-2&search=%20%EB%B4%84%20"))).toEqual({ page: 1, search: "봄" });
  });

  test("a page is put in order on its own; the rest of the list keeps its places", async () => {
    const before = await order();
    const shown = before.slice(3, 6);
    const moved = [shown[2], shown[0], shown[1]] as string[];
    const answer = await reorder(shown, moved, 3);
    expect(answer.body).toMatchObject({ ok: true, message: "피드 순서가 변경되었습니다" });
    expect(await order()).toEqual([...before.slice(0, 3), ...moved, ...before.slice(6)]);
    expect((await feedPage(2)).items.map((item) => item.id)).toEqual(moved);

    // An item added above moves the page along: the places no longer hold what was shown.
    const added = await postCommand(
      services(),
      "feed",
      multipartForm({
        intent: "create",
        caption: "새 사진",
        link: "",
        postedAt: "2030-06-01",
        image: await imageFile(),
      }),
    );
    expect(added.body.ok).toBe(true);
    const stale = await reorder(moved, shown, 3);
    expect(stale).toMatchObject({ status: 409, body: { conflict: true } });
    expect((await order()).slice(4, 7)).toEqual(moved);
    // A form that says nothing of its place is the list's first page.
    const top = (await order()).slice(0, 2);
    expect(
      (await postCommand(services(), "feed", { intent: "reorder", expected: top, id: [...top].reverse() })).body.ok,
    ).toBe(true);
    expect((await order()).slice(0, 2)).toEqual([...top].reverse());
    const unreadable = await postCommand(services(), "feed", { intent: "reorder", expected: top, id: top, from: "-1" });
    expect(unreadable.status).toBe(400);
  });

  test("the odaeho issues are searched in their titles and descriptions, and paged", async () => {
    for (const [title, description] of [
      ["오대호 2024", "창립 50주년 특집"],
      ["오대호 2025", "졸업생 인터뷰"],
      ["오대호 2026", "해커톤 특집"],
    ]) {
      const answer = await postCommand(
        services(),
        "odaeho",
        multipartForm({
          intent: "create",
          title,
          description,
          publishedAt: "2030-12-20",
          thumbnail: await imageFile("cover.png"),
          pdf: pdfDocument("upload.pdf", title),
        }),
      );
      expect(answer.body.ok, answer.body.message).toBe(true);
    }
    const issues = (page: number, search: string) =>
      listIssuePage(services().db, services().storage, { page, search, pageSize: 2 });
    const special = await issues(1, "특집");
    expect(special.items.map((issue) => issue.title)).toEqual(["오대호 2026", "오대호 2024"]);
    expect((await issues(1, "2025")).items.map((issue) => issue.description)).toEqual(["졸업생 인터뷰"]);
    const all = await issues(2, "");
    expect(all).toMatchObject({ total: 3, page: 2, pageCount: 2, from: 2 });
    expect(all.items.map((issue) => [issue.title, issue.version])).toEqual([["오대호 2024", 1]]);
  });

  test("the main activities are listed one year at a time, with the years and their counts", async () => {
    for (const [year, title] of [
      [2041, "신입생 코딩 대회"],
      [2041, "겨울 게임잼"],
      [2042, "종강 해커톤"],
    ] as const) {
      const answer = await postCommand(
        services(),
        "activities",
        multipartForm({ intent: "create", year: String(year), title, description: "", direction: "left" }),
      );
      expect(answer.body.ok, answer.body.message).toBe(true);
    }
    expect(await listActivityYears(services().db)).toEqual([
      { year: 2042, count: 1 },
      { year: 2041, count: 2 },
    ]);
    const [only, ...others] = await listMainActivitiesByYear(services().db, services().storage, { year: 2041 });
    expect(others).toEqual([]);
    expect(only?.year).toBe(2041);
    expect(only?.activities.map((activity) => activity.title)).toEqual(["신입생 코딩 대회", "겨울 게임잼"]);
  });

  test("calendar events of any year are found by title, place or description, the latest first", async () => {
    for (const [title, date, location] of [
      ["신입생 환영회", "2024-03-08", "학생회관"],
      ["해커톤 본선", "2025-11-22", "공학관 101호"],
      ["해커톤 예선", "2025-10-04", "온라인"],
      ["종강 총회", "2026-12-18", "학생회관"],
    ] as const) {
      const answer = await postCommand(services(), "calendar", {
        intent: "create",
        title,
        startDate: date,
        startTime: "18:00",
        endDate: date,
        endTime: "21:00",
        location,
        description: "",
      });
      expect(answer.body.ok, answer.body.message).toBe(true);
    }
    const titles = async (search: string, page = 1, pageSize = 10) =>
      (await searchEvents(services().db, { search, page, pageSize })).items.map((event) => event.title);
    expect(await titles("해커톤")).toEqual(["해커톤 본선", "해커톤 예선"]);
    expect(await titles("학생회관")).toEqual(["종강 총회", "신입생 환영회"]);
    expect(await titles("해커톤", 2, 1)).toEqual(["해커톤 예선"]);
    expect(await searchEvents(services().db, { search: "없는 일정", page: 1, pageSize: 10 })).toMatchObject({
      total: 0,
      items: [],
      pageCount: 1,
    });
  });
});
