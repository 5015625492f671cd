/**
 * Every visitor page with a fixed address (spec section 2, outside /admin) and its title. The
 * sitemap lists them, page views count them, breadcrumbs name them and link previews draw their
 * titles. The home page's title is the club's name, which lives in the site settings.
 */
export const publicPages = [
  { path: "/", title: "" },
  { path: "/about", title: "동아리 소개" },
  { path: "/about/organization", title: "조직도" },
  { path: "/about/ci", title: "CI" },
  { path: "/about/contact", title: "Contact" },
  { path: "/community/media", title: "미디어" },
  { path: "/community/activity/main", title: "주요 활동" },
  { path: "/community/activity/courses", title: "학습 기록" },
  { path: "/community/feed", title: "피드" },
  { path: "/archive/rule", title: "회칙" },
  { path: "/archive/odaeho", title: "오대호" },
  { path: "/archive/calendar", title: "캘린더" },
  { path: "/archive/calendartest", title: "테스트 캘린더" },
  { path: "/join", title: "지원하기" },
  { path: "/join/who_we_want", title: "이런 분을 찾아요" },
  { path: "/game", title: "Command Rush" },
] as const;

export interface PublicPage {
  path: string;
  title: string;
}

const byPath = new Map<string, PublicPage>(publicPages.map((page) => [page.path, page]));

/** The title of the fixed page at `path` ("" for the home page), or undefined for any other path. */
export function publicPageTitle(path: string): string | undefined {
  return byPath.get(path)?.title;
}

/**
 * The fixed pages above `path`, outermost first: /about for /about/ci, /join for
 * /join/who_we_want, the media list for an article. Sections without a page of their own
 * (/community, /archive) are skipped; the home page is not included.
 */
export function parentPagesOf(path: string): PublicPage[] {
  const segments = path.split("/").filter(Boolean);
  const parents: PublicPage[] = [];
  for (let length = 1; length < segments.length; length += 1) {
    const parent = byPath.get(`/${segments.slice(0, length).join("/")}`);
    if (parent) parents.push(parent);
  }
  return parents;
}
