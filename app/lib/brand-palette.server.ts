import tokensCss from "#app/styles/tokens.css?raw";
import { brandPalette } from "./brand-palette.ts";

/** The palette and contrast figures of the site's own design tokens (read on the server only). */
export function sitePalette() {
  return brandPalette(tokensCss);
}
