import { describe, expect, test } from "vitest";
import { eventsStructuredData } from "#app/lib/event-structured-data.ts";
import { formatFileSize } from "#app/lib/file-size.ts";

const organizer = {
  clubName: "KERNEL",
  siteUrl: "https://club.example.org",
  address: "서울특별시 새솔구 새솔로 73",
};

describe("event structured data", () => {
  test("timed events carry Seoul times with their offset; all-day events carry dates", () => {
    const data = eventsStructuredData(
      [
        {
          id: "e1",
          title: "정기 세션",
          startsAt: "2026-11-23T10:00:00.000Z",
          endsAt: "2026-11-23T12:00:00.000Z",
          allDay: false,
          location: "학생회관 307호",
          description: "네트워크 기초",
        },
        {
          id: "e2",
          title: "겨울 게임잼",
          startsAt: "2027-01-05T15:00:00.000Z",
          endsAt: "2027-01-07T15:00:00.000Z",
          allDay: true,
          location: "",
          description: "",
        },
      ],
      organizer,
    );
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@graph"]).toEqual([
      expect.objectContaining({
        "@type": "Event",
        name: "정기 세션",
        description: "네트워크 기초",
        startDate: "2026-11-23T19:00:00+09:00",
        endDate: "2026-11-23T21:00:00+09:00",
        location: { "@type": "Place", name: "학생회관 307호", address: organizer.address },
        organizer: { "@type": "Organization", name: "KERNEL", url: "https://club.example.org" },
        url: "https://club.example.org/archive/calendar?month=2026-11",
      }),
      expect.objectContaining({
        name: "겨울 게임잼",
        startDate: "2027-01-06",
        endDate: "2027-01-07",
        // An event without a room takes place at the club.
        location: { "@type": "Place", name: "KERNEL", address: organizer.address },
      }),
    ]);
    expect(data["@graph"][1]).not.toHaveProperty("description");
  });
});

describe("file sizes", () => {
  test("read in the unit people expect", () => {
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(46_285)).toBe("45.2 KB");
    expect(formatFileSize(1_468_006)).toBe("1.4 MB");
  });
});
