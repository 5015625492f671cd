import type { ContentCounts } from "#server/domain/dashboard/content-counts.ts";

/**
 * The admin area's content pages, for the navigation and the dashboard's overview.
 * `documentKey` names a single document (rules, admission info, leaders) whose last save is
 * shown instead of a count.
 */
export interface ContentPage {
  path: string;
  title: string;
  counts?: (counts: ContentCounts) => { label: string; value: number }[];
  documentKey?: string;
}

export const contentPages: ContentPage[] = [
  {
    path: "/admin/manage-posts",
    title: "미디어 게시글",
    counts: (counts) => [{ label: "게시글", value: counts.articles }],
  },
  {
    path: "/admin/manage-main-activity",
    title: "주요 활동",
    counts: (counts) => [{ label: "활동", value: counts.mainActivities }],
  },
  {
    path: "/admin/manage-courses",
    title: "학습 기록",
    counts: (counts) => [
      { label: "학기", value: counts.periods },
      { label: "항목", value: counts.courseEntries },
    ],
  },
  {
    path: "/admin/manage-feed",
    title: "피드",
    counts: (counts) => [{ label: "게시물", value: counts.feedItems }],
  },
  {
    path: "/admin/manage-odaeho",
    title: "오대호",
    counts: (counts) => [{ label: "호", value: counts.odaehoIssues }],
  },
  {
    path: "/admin/manage-rule",
    title: "회칙",
    documentKey: "rules",
  },
  {
    path: "/admin/manage-calendar",
    title: "캘린더",
    counts: (counts) => [{ label: "일정", value: counts.calendarEvents }],
  },
  {
    path: "/admin/manage-admissions",
    title: "모집 안내",
    documentKey: "admission_info",
  },
  {
    path: "/admin/manage-leaders",
    title: "운영진",
    documentKey: "leaders",
  },
  {
    path: "/admin/manage-organization",
    title: "조직도",
    counts: (counts) => [
      { label: "그룹", value: counts.organizationGroups },
      { label: "구성원", value: counts.organizationMembers },
    ],
  },
];
