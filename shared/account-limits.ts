/** Limits the account pages' forms and their server-side checks agree on. */
export const MAX_PASSKEY_NAME_LENGTH = 60;
