/**
 * Audit-log categories: the spec's content kinds plus the ones the rest of the admin needs, with
 * the labels the dashboard shows. No server imports here: the admin pages' browser code uses it.
 */
export const auditCategories = {
  media: "미디어",
  courses: "학습 기록",
  mainActivities: "주요 활동",
  feed: "피드",
  rules: "회칙",
  organization: "조직도",
  admissions: "모집 안내",
  account: "계정",
  calendar: "캘린더",
  odaeho: "오대호",
  leaders: "운영진",
  siteSettings: "사이트 설정",
  files: "파일",
  backup: "백업",
} as const;

export type AuditCategory = keyof typeof auditCategories;

/** An entry with an error attached is a failure. */
export const auditTypes = { normal: "정상", failure: "실패" } as const;

export type AuditType = keyof typeof auditTypes;
