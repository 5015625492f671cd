/**
 * The limits of a form's fields as the browser enforces them (required, maxLength, pattern, …),
 * derived on the server from the zod schema that checks the form (see
 * server/domain/write/field-rules.ts) and handed to the page with its data: one source for both.
 */
export interface FieldRule {
  required?: true;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  min?: number;
  max?: number;
}

/** Field name (dotted for nested fields, e.g. "faqs.question") → its rule. */
export type FieldRules = Record<string, FieldRule>;
