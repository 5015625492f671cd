import { z } from "zod";
import type { FieldRule, FieldRules } from "#shared/field-rules.ts";

/**
 * A schema's limits as the browser's form attributes, so a field stops where the server would
 * refuse and says "(필수)" where the server needs a value. Read from zod's own JSON Schema of
 * the input (what the form sends), so no limit is written twice. A string that must not be empty
 * (minLength 1 or more, or a pattern that "" does not match) is `required`, and so is a number or
 * a choice the schema needs; repeated fields and nested objects get dotted names. A pattern goes
 * to the browser only when it means the same there (see `browserPattern`).
 */
export function fieldRules(schema: z.ZodType): FieldRules {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const rules: FieldRules = {};
  collect(json, "", rules);
  return rules;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
}

function collect(schema: JsonSchema, name: string, rules: FieldRules, needed = false): void {
  if (schema.properties) {
    for (const [key, property] of Object.entries(schema.properties)) {
      const inner = schema.required?.includes(key) ?? false;
      collect(property, name ? `${name}.${key}` : key, rules, inner);
    }
    return;
  }
  if (schema.items) {
    collect(schema.items, name, rules);
    return;
  }
  const parts = [schema, ...(schema.allOf ?? [])];
  // An optional value written as "" or a value: the limits of the non-empty branch apply.
  const branch = schema.anyOf?.find((option) => option.type === "string" && option.maxLength);
  if (branch) parts.push(branch);
  const rule: FieldRule = {};
  for (const part of parts) {
    if (part.minLength !== undefined) rule.minLength = part.minLength;
    if (part.maxLength !== undefined) rule.maxLength = part.maxLength;
    if (part.pattern !== undefined && browserPattern(part.pattern)) rule.pattern = part.pattern;
    if (part.minimum !== undefined) rule.min = part.minimum;
    if (part.maximum !== undefined) rule.max = part.maximum;
  }
  if ((rule.minLength ?? 0) >= 1) rule.required = true;
  // A pattern that an empty value cannot match (a date) needs a value too.
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, "u").test("")) {
    rule.required = true;
  }
  // A number or a choice cannot be sent empty when the schema needs it.
  const type = typeof schema.type === "string" ? schema.type : undefined;
  const choice = schema.enum !== undefined && !schema.enum.includes("");
  if (needed && (type === "number" || type === "integer" || choice)) rule.required = true;
  if (Object.keys(rule).length > 0 && name) rules[name] = rule;
}

/**
 * Browsers compile a `pattern` attribute with the `v` flag, which refuses some classes a zod
 * regex may hold (`[A-Za-z0-9_-]`: an unescaped `-` or `/` in a class) and logs an error for
 * each such field. Those patterns stay with the server, which checks every value anyway.
 */
function browserPattern(pattern: string): boolean {
  try {
    new RegExp(pattern, "v");
    return true;
  } catch {
    return false;
  }
}
