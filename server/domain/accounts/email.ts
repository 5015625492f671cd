import { z } from "zod";

export const EMAIL_MAX_LENGTH = 254;

/**
 * An manager's e-mail address: trimmed and in lower case, so the same address always
 * finds the same account. Each boundary (environment, form, command line) words its own message.
 */
export function emailAddressSchema(message: string) {
  return z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH, message).pipe(z.email(message));
}
