/**
 * Debian's Chromium as every tool of the project drives it (the browser tests, the phone
 * measurements): CHROMIUM_PATH names another, and the background services that would dial out
 * are turned off, since the machine reaches nothing but its own loopback.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

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
