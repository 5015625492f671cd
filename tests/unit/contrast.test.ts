import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { brandPalette, parseColorTokens } from "#app/lib/brand-palette.ts";
import { contrastGrade, contrastRatio } from "#app/lib/contrast.ts";

// Read from disk: the test runner empties stylesheet imports, even raw ones.
const tokensCss = readFileSync(new URL("../../app/styles/tokens.css", import.meta.url), "utf8");

describe("contrast ratio", () => {
  test("black on white is 21:1 and a colour on itself is 1:1", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#fff", "#000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#2448d8", "#2448d8")).toBe(1);
  });

  test("matches published reference values", () => {
    // #767676 is the lightest grey that passes AA on white (4.54:1).
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });

  test("grades follow WCAG thresholds", () => {
    expect(contrastGrade(7)).toBe("AAA");
    expect(contrastGrade(6.99)).toBe("AA");
    expect(contrastGrade(4.5)).toBe("AA");
    expect(contrastGrade(4.49)).toBe("AA-large");
    expect(contrastGrade(3)).toBe("AA-large");
    expect(contrastGrade(2.99)).toBe("fail");
  });

  test("refuses colours it cannot read", () => {
    expect(() => contrastRatio("rgb(0 0 0)", "#fff")).toThrow(/Not a #rgb/);
  });
});

describe("palette from the design tokens", () => {
  test("reads light values and their dark overrides, falling back to light", () => {
    const css = `:root {
      --color-brand: #2448D8;
      --color-footer-text: #c9ceda;
      --color-overlay: rgb(8 10 16 / 0.55);
      --space-1: 0.25rem;
    }
    @media (prefers-color-scheme: dark) {
      :root { --color-brand: #7d97ff; }
    }`;
    const tokens = parseColorTokens(css);
    expect(tokens.get("brand")).toEqual({ light: "#2448d8", dark: "#7d97ff" });
    expect(tokens.get("footer-text")).toEqual({ light: "#c9ceda", dark: "#c9ceda" });
    expect(tokens.has("overlay")).toBe(false);
    expect(tokens.has("space-1")).toBe(false);
  });

  test("the site's text colours pass AA in both themes", () => {
    const { contrast, swatches } = brandPalette(tokensCss);
    expect(swatches.length).toBeGreaterThan(0);
    const textPairs = contrast.filter((pair) => pair.foreground !== "accent");
    expect(textPairs.length).toBeGreaterThan(0);
    for (const pair of textPairs) {
      expect(pair.light.ratio, `${pair.label} (light)`).toBeGreaterThanOrEqual(4.5);
      expect(pair.dark.ratio, `${pair.label} (dark)`).toBeGreaterThanOrEqual(4.5);
    }
  });

  test("every swatch shows the token's own values", () => {
    const tokens = parseColorTokens(tokensCss);
    for (const swatch of brandPalette(tokensCss).swatches) {
      expect(swatch.color).toEqual(tokens.get(swatch.token));
    }
  });
});
