/** The site's navigation groups (spec section 2), shared by the header, side menu and footer. */
export interface NavItem {
  label: string;
  to: string;
  /** Opens another site in a new tab. */
  external?: boolean;
}

export interface NavGroup {
  id: string;
  label: string;
  items: NavItem[];
}

export interface PartnerLinks {
  activitySystem: { label: string; url: string };
  learningSite: { label: string; url: string };
}

export function buildNavigation(partners: PartnerLinks): NavGroup[] {
  const otherSites: NavItem[] = [
    partners.activitySystem.url
      ? { label: partners.activitySystem.label, to: partners.activitySystem.url, external: true }
      : undefined,
    partners.learningSite.url
      ? { label: partners.learningSite.label, to: partners.learningSite.url, external: true }
      : undefined,
    { label: "홈페이지 관리 시스템", to: "/admin" },
  ].filter((item): item is NavItem => item !== undefined);

  return [
    {
      id: "about",
      label: "About Us",
      items: [
        { label: "동아리 소개", to: "/about" },
        { label: "조직도", to: "/about/organization" },
        { label: "CI", to: "/about/ci" },
        { label: "Contact", to: "/about/contact" },
      ],
    },
    {
      id: "community",
      label: "Community",
      items: [
        { label: "미디어", to: "/community/media" },
        { label: "피드", to: "/community/feed" },
        { label: "주요 활동", to: "/community/activity/main" },
        { label: "학습 기록", to: "/community/activity/courses" },
      ],
    },
    {
      id: "archive",
      label: "Archive",
      items: [
        { label: "회칙", to: "/archive/rule" },
        { label: "오대호", to: "/archive/odaeho" },
        { label: "캘린더", to: "/archive/calendar" },
      ],
    },
    {
      id: "join",
      label: "Join",
      items: [
        { label: "지원하기", to: "/join" },
        { label: "이런 분을 찾아요", to: "/join/who_we_want" },
      ],
    },
    { id: "other", label: "Other sites", items: otherSites },
  ];
}

export interface ActiveNav {
  groupId: string | undefined;
  itemTo: string | undefined;
}

/** The group and item a path belongs to: the item whose address is the longest prefix of it. */
export function findActive(groups: NavGroup[], pathname: string): ActiveNav {
  const path = pathname.replace(/\/+$/, "") || "/";
  let best: { groupId: string; itemTo: string } | undefined;
  for (const group of groups) {
    for (const item of group.items) {
      if (item.external) continue;
      const matches = path === item.to || path.startsWith(`${item.to}/`);
      if (matches && (!best || item.to.length > best.itemTo.length)) {
        best = { groupId: group.id, itemTo: item.to };
      }
    }
  }
  return { groupId: best?.groupId, itemTo: best?.itemTo };
}
