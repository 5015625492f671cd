import { Link } from "react-router";
import { PromptMark } from "#app/components/brand/PromptMark.tsx";
import { CloseIcon } from "#app/components/icons/icons.tsx";
import { NavLink, RecruitingBadge } from "./NavLink.tsx";
import type { ActiveNav, NavGroup } from "./navigation.ts";
import styles from "./SideMenu.module.css";

interface SideMenuProps {
  id: string;
  clubName: string;
  groups: NavGroup[];
  active: ActiveNav;
  isRecruiting: boolean;
}

/**
 * The narrow-screen menu: a modal <dialog>, so the browser traps focus inside it, makes the
 * page behind it inert and closes it on Escape. Groups are an exclusive <details> accordion.
 * Invoker commands open and close it without script; the site island does it for browsers
 * without them, and closes it when a link in it is followed.
 */
export function SideMenu({ id, clubName, groups, active, isRecruiting }: SideMenuProps) {
  return (
    <dialog id={id} className={styles.dialog} aria-label="사이트 메뉴" {...{ closedby: "any" }}>
      <div className={styles.top}>
        <Link to="/" className={styles.brand}>
          <PromptMark className={styles.prompt} />
          {clubName}
        </Link>
        <button type="button" className={`icon-button ${styles.close}`} {...{ commandfor: id, command: "close" }}>
          <CloseIcon size={24} />
          <span className="visually-hidden">메뉴 닫기</span>
        </button>
      </div>
      <nav aria-label="사이트 메뉴">
        {groups.map((group) => (
          <details
            key={group.id}
            name="side-menu-groups"
            className={styles.group}
            open={group.id === active.groupId}
            data-active={group.id === active.groupId || undefined}
          >
            <summary className={styles.summary}>
              <span>
                {group.label}
                {group.id === "join" && isRecruiting && <RecruitingBadge />}
              </span>
            </summary>
            <ul className={styles.items}>
              {group.items.map((item) => (
                <li key={item.to}>
                  <NavLink item={item} isCurrent={item.to === active.itemTo} className={styles.item} />
                </li>
              ))}
            </ul>
          </details>
        ))}
      </nav>
    </dialog>
  );
}
