import { Link } from "react-router";
import { ExternalIcon } from "#app/components/icons/icons.tsx";
import styles from "./NavLink.module.css";
import type { NavItem } from "./navigation.ts";

/** A menu entry: an in-site link marked as the current page, or another site in a new tab. */
export function NavLink({
  item,
  isCurrent,
  className,
}: {
  item: NavItem;
  isCurrent: boolean;
  className?: string | undefined;
}) {
  if (item.external) {
    return (
      <a href={item.to} className={className} target="_blank" rel="noopener noreferrer">
        {item.label}
        <ExternalIcon size={14} />
        <span className="visually-hidden">(새 창)</span>
      </a>
    );
  }
  return (
    <Link to={item.to} className={className} aria-current={isCurrent ? "page" : undefined}>
      {item.label}
    </Link>
  );
}

export function RecruitingBadge() {
  return <span className={styles.badge}>Now Recruiting</span>;
}
