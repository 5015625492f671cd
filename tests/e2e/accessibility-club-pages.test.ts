import { publicPagePaths } from "#server/domain/seo/public-pages.ts";
import { accessibilityOf } from "./support/axe.ts";

// The pages about the club and joining it, the 404 page and the sign-in page; the community and
// archive pages are in accessibility-content-pages.test.ts.
accessibilityOf([
  ...publicPagePaths.filter((path) => !/^\/(community|archive|game)(\/|$)/.test(path)),
  "/no-such-page",
  "/admin/login",
]);
