import { Icon, type IconProps } from "./icons.tsx";

/**
 * The rich-text editor's toolbar, drawn like the site's other icons so that no button depends
 * on an emoji font. Kept apart from icons.tsx, whose icons every public page loads.
 */
export const HeadingTwoIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 6v12M11 6v12M4 12h7M15.5 11a2 2 0 0 1 4 .2c0 .9-.5 1.5-1.2 2.1L15.5 18h4.5" />
  </Icon>
);

export const HeadingThreeIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 6v12M11 6v12M4 12h7M15.5 10h4l-2.4 3a2.5 2.5 0 1 1-1.9 4.2" />
  </Icon>
);

export const BoldIcon = (props: IconProps) => (
  <Icon {...props} strokeWidth={2.4}>
    <path d="M7 5h5.5a3.5 3.5 0 0 1 0 7H7zM7 12h6.5a3.5 3.5 0 0 1 0 7H7z" />
  </Icon>
);

export const ItalicIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M10 5h8M6 19h8M14 5l-4 14" />
  </Icon>
);

export const StrikeIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 12h16M16.5 7.5C16 6 14.4 5 12.2 5 9.5 5 7.5 6.3 7.5 8.4c0 1.3.8 2.3 2.4 2.9M7.5 16c.5 1.8 2.3 3 4.7 3 2.9 0 4.8-1.4 4.8-3.4 0-.7-.2-1.3-.6-1.8" />
  </Icon>
);

export const InlineCodeIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M9 7l-5 5 5 5M15 7l5 5-5 5" />
  </Icon>
);

export const BulletListIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M9.5 7H20M9.5 12H20M9.5 17H20" />
    <circle cx="5" cy="7" r="1.2" fill="currentColor" stroke="none" />
    <circle cx="5" cy="12" r="1.2" fill="currentColor" stroke="none" />
    <circle cx="5" cy="17" r="1.2" fill="currentColor" stroke="none" />
  </Icon>
);

export const OrderedListIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M10.5 7H20M10.5 12H20M10.5 17H20M4 5.5 5.5 4.5v5M3.8 14.2a1.3 1.3 0 0 1 2.4.6c0 .5-.3.9-.7 1.3L3.8 18.5h2.6" />
  </Icon>
);

export const QuoteIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M10 6.5C7.3 7.3 5.5 9.4 5.5 12.5V17H10v-4.5H5.7M18.5 6.5c-2.7.8-4.5 2.9-4.5 6V17h4.5v-4.5h-4.3" />
  </Icon>
);

export const CodeBlockIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
    <path d="M10 9.5 7.5 12l2.5 2.5M14 9.5l2.5 2.5-2.5 2.5" />
  </Icon>
);

export const LinkIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1.2 1.2M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1.2-1.2" />
  </Icon>
);

export const UndoIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M9 14 4.5 9.5 9 5M4.5 9.5H15a4.5 4.5 0 0 1 0 9h-3" />
  </Icon>
);

export const RedoIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M15 14l4.5-4.5L15 5M19.5 9.5H9a4.5 4.5 0 0 0 0 9h3" />
  </Icon>
);
