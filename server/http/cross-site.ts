import type { RequestHandler } from "express";
import { cacheHeader } from "./cache-policy.ts";

/**
 * Refuses cross-site writes: every POST, PUT, PATCH and DELETE, whichever route answers it
 * (route actions, resource routes, uploads). Browsers say where a request comes from in
 * `Sec-Fetch-Site`; older ones send at least `Origin` on every cross-site POST. A request with
 * neither comes from a program, not from a browser tricked by another site, and passes.
 * See docs/decisions/0009-cross-site-requests.md.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_MESSAGE = "다른 사이트에서 보낸 요청은 처리하지 않습니다.";

export function refuseCrossSiteWrites(options: { trustedOrigins: string[] }): RequestHandler {
  const trusted = new Set(options.trustedOrigins.map((origin) => new URL(origin).origin));
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("Origin");
    if (origin !== undefined && trusted.has(origin)) return next();
    const site = req.get("Sec-Fetch-Site");
    const allowed =
      site !== undefined
        ? site === "same-origin" || site === "none"
        : origin === undefined || hostOf(origin) === req.host;
    if (allowed) return next();
    res.status(403).type("text/plain; charset=utf-8").set(cacheHeader("none"));
    res.send(CROSS_SITE_MESSAGE);
  };
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
