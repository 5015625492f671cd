/**
 * The club's mark: a terminal prompt (>_) on a dark rounded square, the same drawing as the
 * favicon. Its colours are part of the artwork, the same in light and dark pages. The logo files
 * under /brand are rendered from this component, so the page and the downloads never differ.
 */
export const LOGO_MARK_COLORS = {
  ground: "#12151c",
  prompt: "#3ddc7a",
  cursor: "#ffffff",
} as const;

export function LogoMark({
  size,
  title,
  decorative = false,
  className,
}: {
  size?: number | undefined;
  /** The text alternative (also the title of the downloadable file). */
  title: string;
  /** Hidden from assistive technology, when the club's name is written right beside it. */
  decorative?: boolean;
  className?: string | undefined;
}) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      className={className}
      role="img"
      aria-hidden={decorative || undefined}
      focusable="false"
    >
      <title>{title}</title>
      <rect width="64" height="64" rx="14" fill={LOGO_MARK_COLORS.ground} />
      <path
        d="M16 22l12 10-12 10"
        fill="none"
        stroke={LOGO_MARK_COLORS.prompt}
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M32 44h16" stroke={LOGO_MARK_COLORS.cursor} strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}
