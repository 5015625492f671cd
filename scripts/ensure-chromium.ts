// Makes sure the end-to-end tests have a browser: Debian's Chromium (or CHROMIUM_PATH).
import { ensureDebianPackage } from "./lib/debian-package.ts";

const available = ensureDebianPackage({
  program: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  packageName: "chromium",
  purpose: "the browser tests drive it; or set CHROMIUM_PATH",
  chosenPath: process.env.CHROMIUM_PATH,
});
if (!available) process.exit(1);
