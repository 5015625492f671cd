/**
 * Debian's Chromium as every tool of the project drives it, with the background services that
 * would dial out turned off, since the machine reaches nothing but its own loopback.
 *
 * The phone measurements drive the whole browser (CHROMIUM_PATH names another), as a visitor's
 * is. The browser tests drive Debian's headless shell of the same version (TEST_CHROMIUM_PATH
 * names another): the same engine without the whole browser's processes and features, it cost
 * a browser test file 11-26% less processor time in paired runs.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const TEST_CHROMIUM_PATH = process.env.TEST_CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-default-apps",
  ...(process.env.EXTRA_CHROMIUM_ARGS ? process.env.EXTRA_CHROMIUM_ARGS.split(" ") : []),
];
