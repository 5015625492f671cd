import { pino } from "pino";
import type { Config } from "./config.ts";

export type Logger = pino.Logger;

/** Structured JSON logs on stdout. Credentials and cookies are redacted wherever they appear. */
export function createLogger(level: Config["logLevel"]): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
        "*.password",
        "*.newPassword",
        "*.currentPassword",
      ],
      censor: "[redacted]",
    },
  });
}
