import type { AuditCategory } from "../../../server/domain/audit-log/categories.ts";
import type { ContentCounts } from "../../../server/domain/dashboard/content-counts.ts";

/**
 * What each content page of the admin area manages: shown on the page itself and on the
 * dashboard's overview. `documentKey` names a single document (rules, admission info, leaders)
 * whose last save is shown instead of a count.
 */
export interface ContentPage {
  path: string;
  title: string;
  summary: string;
  fields: string[];
  publicPages: { to: string; label: string }[];
  category: AuditCategory;
  counts?: (counts: ContentCounts) => { label: string; value: number }[];
  documentKey?: string;
}

export const contentPages: ContentPage[] = [
  {
    path: "/admin/manage-posts",
    title: "미디어 게시글",
    summary: "미디어 페이지에 실리는 동아리 소식, 행사 후기, 수상 소식 같은 글을 관리합니다.",
    fields: ["제목", "태그 (기존 태그를 고르거나 새로 입력)", "게시일", "본문", "사진 목록"],
    publicPages: [{ to: "/community/media", label: "미디어" }],
    category: "media",
    counts: (counts) => [{ label: "게시글", value: counts.articles }],
  },
  {
    path: "/admin/manage-main-activity",
    title: "주요 활동",
    summary: "해마다 동아리가 한 큰 활동을 연도별로 정리합니다.",
    fields: ["연도", "제목", "대표 사진", "사진 위치 (왼쪽 또는 오른쪽)", "같은 해 안에서의 순서"],
    publicPages: [{ to: "/community/activity/main", label: "주요 활동" }],
    category: "mainActivities",
    counts: (counts) => [{ label: "활동", value: counts.mainActivities }],
  },
  {
    path: "/admin/manage-courses",
    title: "학습 기록",
    summary: "학기마다 진행한 프로젝트, 세션, 스터디를 기록합니다.",
    fields: ["학기 이름", "프로젝트·세션·스터디 항목 (제목, 설명, 담당자)", "항목의 순서"],
    publicPages: [{ to: "/community/activity/courses", label: "학습 기록" }],
    category: "courses",
    counts: (counts) => [
      { label: "학기", value: counts.periods },
      { label: "항목", value: counts.courseEntries },
    ],
  },
  {
    path: "/admin/manage-feed",
    title: "피드",
    summary: "피드에 올라가는 사진과 짧은 글을 관리합니다.",
    fields: ["사진", "설명", "연결할 링크", "게시일", "순서"],
    publicPages: [{ to: "/community/feed", label: "피드" }],
    category: "feed",
    counts: (counts) => [{ label: "게시물", value: counts.feedItems }],
  },
  {
    path: "/admin/manage-odaeho",
    title: "오대호",
    summary: "동아리 회지 오대호의 호마다 표지와 PDF를 올리고 보관합니다.",
    fields: ["제목", "설명", "발행일", "표지 이미지", "PDF 파일", "목록 순서"],
    publicPages: [{ to: "/archive/odaeho", label: "오대호" }],
    category: "odaeho",
    counts: (counts) => [{ label: "호", value: counts.odaehoIssues }],
  },
  {
    path: "/admin/manage-rule",
    title: "회칙",
    summary: "동아리 회칙 본문과 내려받을 수 있는 PDF를 관리합니다.",
    fields: ["회칙 본문", "PDF 첨부 파일"],
    publicPages: [{ to: "/archive/rule", label: "회칙" }],
    category: "rules",
    documentKey: "rules",
  },
  {
    path: "/admin/manage-calendar",
    title: "캘린더",
    summary: "정기 모임, 행사, 모집 기간 같은 동아리 일정을 관리합니다.",
    fields: ["제목", "시작과 끝 일시", "종일 일정 여부", "장소", "설명"],
    publicPages: [{ to: "/archive/calendar", label: "캘린더" }],
    category: "calendar",
    counts: (counts) => [{ label: "일정", value: counts.calendarEvents }],
  },
  {
    path: "/admin/manage-admissions",
    title: "모집 안내",
    summary: "신입 부원 모집 여부와 모집 포스터, 일정, 자주 묻는 질문을 관리합니다.",
    fields: [
      "모집 중 여부 (켜면 메뉴의 Join에 Now Recruiting 표시)",
      "모집 이미지",
      "모집 일정",
      "자주 묻는 질문",
    ],
    publicPages: [{ to: "/join", label: "지원하기" }],
    category: "admissions",
    documentKey: "admission_info",
  },
  {
    path: "/admin/manage-leaders",
    title: "운영진",
    summary: "회장과 부회장의 이름과 연락처를 관리합니다. 모든 페이지의 아래쪽에 표시됩니다.",
    fields: ["회장 이름과 전화번호", "부회장 두 명의 이름과 전화번호 (두 번째 부회장은 선택)"],
    publicPages: [{ to: "/", label: "홈 (페이지 아래쪽)" }],
    category: "leaders",
    documentKey: "leaders",
  },
  {
    path: "/admin/manage-organization",
    title: "조직도",
    summary: "조직도의 그룹과 그 구성원을 관리합니다.",
    fields: [
      "그룹 이름과 설명",
      "구성원 이름과 역할",
      "구성원 프로필 사진",
      "그룹과 구성원의 순서",
    ],
    publicPages: [{ to: "/about/organization", label: "조직도" }],
    category: "organization",
    counts: (counts) => [
      { label: "그룹", value: counts.organizationGroups },
      { label: "구성원", value: counts.organizationMembers },
    ],
  },
];

export function contentPageAt(pathname: string): ContentPage | undefined {
  const path = pathname.replace(/\/+$/, "");
  return contentPages.find((page) => page.path === path);
}
