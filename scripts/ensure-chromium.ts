// Makes sure the end-to-end tests have a browser: Debian's Chromium (or CHROMIUM_PATH).
import { CHROMIUM_PATH } from "./lib/chromium.ts";
import { ensureDebianPackage } from "./lib/debian-package.ts";

const available = ensureDebianPackage({
  program: CHROMIUM_PATH,
  packageName: "chromium",
  purpose: "the browser tests drive it; or set CHROMIUM_PATH",
  chosenPath: process.env.CHROMIUM_PATH,
});
if (!available) process.exit(1);
