import type sharpModule from "sharp";

type Sharp = typeof sharpModule;
let loading: Promise<Sharp> | undefined;

/**
 * sharp (libvips), loaded on first use: most server processes never touch an image, and loading
 * it costs some 20 MB. Its cache and threads are limited so one upload cannot balloon a process.
 */
export function loadSharp(): Promise<Sharp> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache({ memory: 32, files: 0, items: 64 });
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
