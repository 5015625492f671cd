import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";

/**
 * Baseline security headers for every response. Scripts must carry the per-request nonce
 * (set on `res.locals.cspNonce` and passed to the renderer), so no injected inline script runs.
 */
export function securityHeaders(options: { https: boolean; development: boolean }): RequestHandler[] {
  const assignNonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  };
  const headers = helmet({
    // Vite's development server injects its own inline scripts and a websocket; the policy is
    // enforced for the built site, which is what visitors get.
    contentSecurityPolicy: options.development
      ? false
      : {
          useDefaults: false,
          directives: {
            "default-src": ["'self'"],
            "script-src": ["'self'", (_req, res) => `'nonce-${nonceOf(res)}'`],
            "style-src": ["'self'"],
            "style-src-attr": ["'unsafe-inline'"],
            "img-src": ["'self'", "data:", "blob:"],
            "font-src": ["'self'"],
            "connect-src": ["'self'"],
            "media-src": ["'self'"],
            // The image-shrinking worker is a file of the site itself.
            "worker-src": ["'self'"],
            "frame-src": ["'self'", "https://www.youtube-nocookie.com"],
            "object-src": ["'none'"],
            "base-uri": ["'self'"],
            "form-action": ["'self'"],
            // Only the site's own pages may frame it: the admin's sign-in dialog holds the
            // sign-in page in a frame; any other site is refused (no clickjacking).
            "frame-ancestors": ["'self'"],
            ...(options.https ? { "upgrade-insecure-requests": [] } : {}),
          },
        },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: "sameorigin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: options.https ? { maxAge: 31536000 } : false,
  });
  return [assignNonce, headers];
}

function nonceOf(res: unknown): string {
  return String((res as { locals: { cspNonce: string } }).locals.cspNonce);
}
