// Makes sure the browser tests have their browser, Debian's headless Chromium (or
// TEST_CHROMIUM_PATH), and the phone measurements theirs, Debian's Chromium (or CHROMIUM_PATH),
// and that both draw Hangul in a Korean face, as every visitor's phone does.
import { CHROMIUM_PATH, TEST_CHROMIUM_PATH } from "./lib/chromium.ts";
import { ensureDebianPackage } from "./lib/debian-package.ts";

const available =
  ensureDebianPackage({
    program: TEST_CHROMIUM_PATH,
    packageName: "chromium-headless-shell",
    purpose: "the browser tests drive it; or set TEST_CHROMIUM_PATH",
    chosenPath: process.env.TEST_CHROMIUM_PATH,
  }) &&
  ensureDebianPackage({
    program: CHROMIUM_PATH,
    packageName: "chromium",
    purpose: "the phone measurements and the tools that trace a page drive it; or set CHROMIUM_PATH",
    chosenPath: process.env.CHROMIUM_PATH,
  }) &&
  // Without a Korean face, every Hangul letter is a failed search for one and a box: the first
  // layout of a page took about twice as long as with the face Android phones carry.
  ensureDebianPackage({
    program: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    packageName: "fonts-noto-cjk",
    purpose: "pages are drawn in the Korean face Android phones carry, as visitors see them",
  });
if (!available) process.exit(1);
