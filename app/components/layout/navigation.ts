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

/** A group of the site's own pages, each given as [label, address]. */
function section(id: string, label: string, pages: [label: string, to: string][]): NavGroup {
  return { id, label, items: pages.map(([label, to]) => ({ label, to })) };
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
    section("about", "About Us", [
      ["동아리 소개", "/about"],
      ["조직도", "/about/organization"],
      ["CI", "/about/ci"],
      ["Contact", "/about/contact"],
    ]),
    section("community", "Community", [
      ["미디어", "/community/media"],
      ["피드", "/community/feed"],
      ["주요 활동", "/community/activity/main"],
      ["학습 기록", "/community/activity/courses"],
    ]),
    section("archive", "Archive", [
      ["회칙", "/archive/rule"],
      ["오대호", "/archive/odaeho"],
      ["캘린더", "/archive/calendar"],
    ]),
    section("join", "Join", [
      ["지원하기", "/join"],
      ["이런 분을 찾아요", "/join/who_we_want"],
    ]),
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
