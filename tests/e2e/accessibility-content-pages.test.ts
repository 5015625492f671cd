import { publicPagePaths } from "#server/domain/seo/public-pages.ts";
import { accessibilityOf } from "./support/axe.ts";

// The community and archive pages, the game and an article; the others are in
// accessibility-club-pages.test.ts.
accessibilityOf([...publicPagePaths.filter((path) => /^\/(community|archive|game)(\/|$)/.test(path)), "article"]);
