import { Link, useLocation } from "react-router";
import { PromptMark } from "#app/components/brand/PromptMark.tsx";
import { ChevronDownIcon, MenuIcon } from "#app/components/icons/icons.tsx";
import styles from "./Header.module.css";
import { NavLink, RecruitingBadge } from "./NavLink.tsx";
import { findActive, type NavGroup } from "./navigation.ts";
import { SideMenu } from "./SideMenu.tsx";

interface HeaderProps {
  clubName: string;
  groups: NavGroup[];
  isRecruiting: boolean;
}

export const SIDE_MENU_ID = "side-menu";

/**
 * The site's header. Its behaviours are the site island's (app/islands/site.ts): it hides on the
 * way down the page, and Escape closes a desktop submenu.
 */
export function Header({ clubName, groups, isRecruiting }: HeaderProps) {
  const { pathname } = useLocation();
  const active = findActive(groups, pathname);

  return (
    <header className={styles.header} data-site-header="">
      <div className={`container ${styles.bar}`}>
        <Link to="/" className={styles.brand} aria-label={`${clubName} 홈`}>
          <PromptMark className={styles.prompt} />
          <span>{clubName}</span>
        </Link>

        <nav aria-label="주 메뉴" className={styles.desktopNav}>
          <ul className={styles.groups}>
            {groups.map((group) => (
              <DesktopGroup
                key={group.id}
                group={group}
                isActive={group.id === active.groupId}
                activeItem={active.itemTo}
                showRecruiting={group.id === "join" && isRecruiting}
              />
            ))}
          </ul>
        </nav>

        <button
          type="button"
          className={`icon-button ${styles.menuButton}`}
          // Invoker commands open the modal dialog even before the page's script has loaded.
          {...{ commandfor: SIDE_MENU_ID, command: "show-modal" }}
          aria-haspopup="dialog"
        >
          <MenuIcon size={24} />
          <span className="visually-hidden">메뉴 열기</span>
        </button>
      </div>
      <SideMenu id={SIDE_MENU_ID} clubName={clubName} groups={groups} active={active} isRecruiting={isRecruiting} />
    </header>
  );
}

function DesktopGroup({
  group,
  isActive,
  activeItem,
  showRecruiting,
}: {
  group: NavGroup;
  isActive: boolean;
  activeItem: string | undefined;
  showRecruiting: boolean;
}) {
  const firstInternal = group.items.find((item) => !item.external);
  const submenuId = `submenu-${group.id}`;
  const label = (
    <>
      {group.label}
      {showRecruiting && <RecruitingBadge />}
      <ChevronDownIcon size={14} className={styles.chevron} />
    </>
  );

  return (
    <li className={styles.group} data-active={isActive || undefined} data-submenu-group="">
      {firstInternal ? (
        <Link
          to={firstInternal.to}
          className={styles.groupLabel}
          aria-current={isActive ? "true" : undefined}
          data-submenu-label=""
        >
          {label}
        </Link>
      ) : (
        <button type="button" className={styles.groupLabel} aria-controls={submenuId} data-submenu-label="">
          {label}
        </button>
      )}
      <ul id={submenuId} className={styles.submenu} aria-label={group.label}>
        {group.items.map((item) => (
          <li key={item.to}>
            <NavLink item={item} isCurrent={item.to === activeItem} className={styles.submenuLink} />
          </li>
        ))}
      </ul>
    </li>
  );
}
