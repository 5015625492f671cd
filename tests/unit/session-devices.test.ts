import { describe, expect, test } from "vitest";
import { describeDevice } from "#server/domain/accounts/session-devices.ts";

const browsers = [
  {
    userAgent:
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    expected: "Chrome 131 · Windows",
  },
  {
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    expected: "Safari · iPhone (iOS 18)",
  },
  {
    userAgent:
      "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
    expected: "Chrome 131 · iPad (iPadOS 17)",
  },
  {
    userAgent:
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
    expected: "Safari 17 · Mac",
  },
  {
    userAgent:
      "Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
    expected: "삼성 인터넷 25 · Android 14",
  },
  {
    userAgent:
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Whale/3.28.266.14 Safari/537.36",
    expected: "네이버 웨일 3 · Windows",
  },
  {
    userAgent:
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
    expected: "Edge 131 · Windows",
  },
  {
    userAgent: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    expected: "Firefox 133 · Linux",
  },
];

describe("a session's device in words", () => {
  test.each(browsers)("$expected", ({ userAgent, expected }) => {
    expect(describeDevice(userAgent)).toBe(expected);
  });

  test("without a User-Agent, or one no browser sends, the browser is unknown", () => {
    expect(describeDevice(null)).toBe("알 수 없는 브라우저");
    expect(describeDevice(undefined)).toBe("알 수 없는 브라우저");
    expect(describeDevice("   ")).toBe("알 수 없는 브라우저");
    expect(describeDevice("curl/8.5.0")).toBe("알 수 없는 브라우저");
  });
});
