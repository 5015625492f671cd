import { type ContrastGrade, contrastGrade, contrastRatio } from "./contrast.ts";

/** A colour token's value in each colour scheme. */
export interface SchemeColor {
  light: string;
  dark: string;
}

/**
 * The colour custom properties (`--color-*`) of the design tokens stylesheet: the light set in
 * its first `:root`, the dark set under `prefers-color-scheme: dark` (falling back to light).
 * Only plain hex values are read; mixes and rgb() overlays are not palette colours.
 */
export function parseColorTokens(css: string): Map<string, SchemeColor> {
  const darkStart = css.search(/@media\s*\(\s*prefers-color-scheme:\s*dark\s*\)/);
  const lightCss = darkStart === -1 ? css : css.slice(0, darkStart);
  const darkCss = darkStart === -1 ? "" : css.slice(darkStart);
  const read = (block: string) =>
    new Map(
      [...block.matchAll(/--color-([a-z0-9-]+)\s*:\s*(#[0-9a-f]{3,6})\b/gi)].map(
        (match) => [match[1] ?? "", (match[2] ?? "").toLowerCase()] as const,
      ),
    );
  const light = read(lightCss);
  const dark = read(darkCss);
  return new Map([...light].map(([name, value]) => [name, { light: value, dark: dark.get(name) ?? value }]));
}

export interface PaletteSwatch {
  token: string;
  label: string;
  usage: string;
  color: SchemeColor;
}

export interface ContrastPair {
  label: string;
  foreground: string;
  background: string;
  light: { ratio: number; grade: ContrastGrade; colors: [string, string] };
  dark: { ratio: number; grade: ContrastGrade; colors: [string, string] };
}

/** The colours the CI page presents, in the order it presents them. */
const swatches: { token: string; label: string; usage: string }[] = [
  { token: "brand", label: "시그널 블루", usage: "대표 색. 링크, 주요 버튼, 강조" },
  { token: "brand-strong", label: "딥 블루", usage: "버튼을 누르거나 올려 둘 때" },
  { token: "brand-soft", label: "페일 블루", usage: "강조 배경, 태그" },
  { token: "accent", label: "커서 그린", usage: "프롬프트 기호와 작은 강조" },
  { token: "footer-bg", label: "터미널 블랙", usage: "어두운 띠와 푸터" },
  { token: "text", label: "잉크", usage: "본문 글자" },
  { token: "text-muted", label: "그레이", usage: "보조 글자" },
  { token: "bg", label: "페이퍼", usage: "페이지 배경" },
  { token: "surface-alt", label: "미스트", usage: "구역을 나누는 배경" },
  { token: "success", label: "성공", usage: "완료와 안내" },
  { token: "warning", label: "주의", usage: "확인이 필요한 내용" },
  { token: "danger", label: "위험", usage: "오류와 삭제" },
];

/** Text and the backgrounds it sits on, as the site uses them. */
const pairs: { label: string; foreground: string; background: string }[] = [
  { label: "본문 글자 / 배경", foreground: "text", background: "bg" },
  { label: "보조 글자 / 배경", foreground: "text-muted", background: "bg" },
  { label: "링크 / 배경", foreground: "brand", background: "bg" },
  { label: "버튼 글자 / 대표 색", foreground: "on-brand", background: "brand" },
  { label: "태그 글자 / 페일 블루", foreground: "brand-strong", background: "brand-soft" },
  { label: "푸터 글자 / 터미널 블랙", foreground: "footer-text", background: "footer-bg" },
  { label: "커서 그린 / 배경", foreground: "accent", background: "bg" },
  { label: "오류 / 배경", foreground: "danger", background: "bg" },
];

export function brandPalette(tokensCss: string): {
  swatches: PaletteSwatch[];
  contrast: ContrastPair[];
} {
  const tokens = parseColorTokens(tokensCss);
  const color = (token: string): SchemeColor => {
    const value = tokens.get(token);
    if (!value) throw new Error(`The design tokens have no --color-${token}`);
    return value;
  };
  const measure = (foreground: string, background: string) => ({
    ratio: contrastRatio(foreground, background),
    grade: contrastGrade(contrastRatio(foreground, background)),
    colors: [foreground, background] as [string, string],
  });
  return {
    swatches: swatches.map((swatch) => ({ ...swatch, color: color(swatch.token) })),
    contrast: pairs.map((pair) => {
      const fg = color(pair.foreground);
      const bg = color(pair.background);
      return { ...pair, light: measure(fg.light, bg.light), dark: measure(fg.dark, bg.dark) };
    }),
  };
}
