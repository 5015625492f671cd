import Bowser from "bowser";

/**
 * A session's browser and device in words, from the User-Agent kept with it, so a manager can
 * tell their sign-ins apart on the account page ("Chrome 131 · Windows", "Safari · iPhone
 * (iOS 18)"). Only a hint: the header is the browser's to set.
 */
export const UNKNOWN_BROWSER = "알 수 없는 브라우저";

/** Names managers in Korea know these browsers by; the rest keep the parser's name. */
const BROWSER_NAMES: Record<string, string> = {
  "Samsung Internet for Android": "삼성 인터넷",
  "NAVER Whale Browser": "네이버 웨일",
  "Microsoft Edge": "Edge",
};

function major(version: string | undefined): string | undefined {
  return version?.match(/^\d+/)?.[0];
}

function placeOf({ os, platform }: Bowser.Parser.ParsedResult): string | undefined {
  const osMajor = major(os.version);
  switch (os.name) {
    case "iOS": {
      const model = platform.model ?? "";
      const system = `${model === "iPad" ? "iPadOS" : "iOS"}${osMajor ? ` ${osMajor}` : ""}`;
      return model ? `${model} (${system})` : system;
    }
    case "Android":
      return osMajor ? `Android ${osMajor}` : "Android";
    // Their version in the header is frozen (macOS 10.15.7; Windows 10 and 11 both say NT 10.0).
    case "macOS":
      return "Mac";
    case "Windows":
      return "Windows";
    default:
      return os.name || undefined;
  }
}

export function describeDevice(userAgent: string | null | undefined): string {
  const header = userAgent?.trim();
  if (!header) return UNKNOWN_BROWSER;
  const parsed = Bowser.parse(header);
  const name = parsed.browser.name;
  // Safari on an iPhone or iPad is the system's: its version is the system's, shown already.
  const version = name === "Safari" && parsed.os.name === "iOS" ? undefined : major(parsed.browser.version);
  const browser = name ? `${BROWSER_NAMES[name] ?? name}${version ? ` ${version}` : ""}` : UNKNOWN_BROWSER;
  const place = placeOf(parsed);
  return place ? `${browser} · ${place}` : browser;
}
