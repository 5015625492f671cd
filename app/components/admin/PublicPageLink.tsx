import type { ReactNode } from "react";

/**
 * A link from the admin area to a page of the public site. It opens in a new tab, so the
 * manager's unsaved typing stays where it is, and says so to screen readers.
 */
export function PublicPageLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <a href={href} target="_blank" rel="noopener" className={className}>
      {children}
      <span className="visually-hidden"> (새 탭)</span>
    </a>
  );
}
