import { type ReactNode, useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { CloseIcon, ExternalIcon, MenuIcon } from "#app/components/icons/icons.tsx";
import type { AdminNavGroup } from "#shared/admin-navigation.ts";
import { AdminBrand } from "./AdminBrand.tsx";
import styles from "./AdminShell.module.css";
import { PublicPageLink } from "./PublicPageLink.tsx";

interface AdminShellProps {
  clubName: string;
  email: string;
  /** The area's pages by group, from the server's content types. */
  navigation: AdminNavGroup[];
  children: ReactNode;
}

const MENU_ID = "admin-menu";

/**
 * The admin area's frame: on wide screens a sidebar with every admin page, all in view at once
 * on a 1280×720 laptop, and the signed-in account with sign-out in a bar above the page; on
 * narrow ones a top bar with the same navigation and account in a modal dialog.
 */
export function AdminShell({ clubName, email, navigation, children }: AdminShellProps) {
  const menuRef = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  // Following a link inside the menu closes it.
  useEffect(() => {
    if (location.key) menuRef.current?.close();
  }, [location.key]);

  return (
    <div className={styles.shell}>
      <a href="#admin-main" className="skip-link">
        본문으로 건너뛰기
      </a>
      <header className={styles.topBar}>
        <Brand clubName={clubName} />
        <button
          type="button"
          className={`icon-button ${styles.menuButton}`}
          aria-haspopup="dialog"
          {...{ commandfor: MENU_ID, command: "show-modal" }}
        >
          <MenuIcon size={22} />
          <span className="visually-hidden">관리 메뉴 열기</span>
        </button>
      </header>
      <dialog ref={menuRef} id={MENU_ID} className={styles.menuDialog} aria-label="관리 메뉴" {...{ closedby: "any" }}>
        <div className={styles.menuTop}>
          <Brand clubName={clubName} />
          <button
            type="button"
            className={`icon-button ${styles.menuButton}`}
            {...{ commandfor: MENU_ID, command: "close" }}
            onClick={() => menuRef.current?.close()}
          >
            <CloseIcon size={22} />
            <span className="visually-hidden">관리 메뉴 닫기</span>
          </button>
        </div>
        <Navigation groups={navigation} />
        <Account email={email} />
      </dialog>
      <aside className={styles.sidebar}>
        <Brand clubName={clubName} />
        <Navigation groups={navigation} />
      </aside>
      <div className={styles.page}>
        <div className={styles.accountBar}>
          <Account email={email} />
        </div>
        <main id="admin-main" className={styles.main} tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}

function Brand({ clubName }: { clubName: string }) {
  return (
    <Link to="/admin" className={styles.brand} aria-label={`${clubName} 관리 대시보드`}>
      <AdminBrand clubName={clubName} />
    </Link>
  );
}

function Navigation({ groups }: { groups: AdminNavGroup[] }) {
  return (
    <nav aria-label="관리 메뉴" className={styles.nav}>
      {groups.map((group) => (
        <div key={group.label} className={styles.group}>
          <p className={styles.groupLabel}>{group.label}</p>
          <ul className={styles.items}>
            {group.items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === "/admin"} className={styles.item}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** The signed-in address, the public site and sign-out (a plain POST: it works without script). */
function Account({ email }: { email: string }) {
  return (
    <section className={styles.account} aria-label="로그인 계정">
      <p className={styles.signedInAs}>
        <span className={styles.accountLabel}>로그인 계정</span>
        <span className={styles.email}>{email}</span>
      </p>
      <PublicPageLink href="/" className={styles.accountLink}>
        공개 사이트 보기
        <ExternalIcon size={16} />
      </PublicPageLink>
      <form method="post" action="/admin/sign-out">
        <button type="submit" className={styles.signOut}>
          로그아웃
        </button>
      </form>
    </section>
  );
}
