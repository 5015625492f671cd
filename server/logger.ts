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

/**
 * Writes plain text to stdout after every line logged so far. The log is written asynchronously,
 * so text given to console.log can overtake lines logged just before it; through the log's own
 * stream it keeps its place.
 */
export function printAfterLog(logger: Logger, text: string): void {
  const stream = (logger as unknown as Record<symbol, { write(chunk: string): unknown } | undefined>)[
    pino.symbols.streamSym
  ];
  if (stream) stream.write(`${text}\n`);
  else console.log(text);
}
