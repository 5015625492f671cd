import { describe, expect, test } from "vitest";
import { z } from "zod";
import { fieldRules } from "#server/domain/write/field-rules.ts";
import { seoulDateInput } from "#server/domain/write/form-input.ts";

describe("field rules from a form's schema", () => {
  test("limits and required marks follow what the schema refuses", () => {
    const rules = fieldRules(
      z.object({
        title: z.string().trim().min(1, "제목").max(100),
        description: z.string().trim().max(2000),
        year: z.coerce.number().int().min(1900).max(2100),
        direction: z.enum(["left", "right"]),
        publishedAt: seoulDateInput,
        tag: z.string().normalize("NFKC").trim().max(50),
        link: z.union([z.literal(""), z.string().max(2000)]),
        alt: z.array(z.string().max(300)),
      }),
    );
    expect(rules).toEqual({
      title: { minLength: 1, maxLength: 100, required: true },
      description: { maxLength: 2000 },
      // A number or a choice cannot be left empty; a date's pattern refuses "".
      year: { min: 1900, max: 2100, required: true },
      direction: { required: true },
      publishedAt: { pattern: "^\\d{4}-\\d{2}-\\d{2}$", required: true },
      tag: { maxLength: 50 },
      link: { maxLength: 2000 },
      alt: { maxLength: 300 },
    });
  });

  test("an optional number or a choice that may be empty is not required", () => {
    const rules = fieldRules(
      z.object({
        count: z.number().min(0).optional(),
        kind: z.enum(["", "a", "b"]),
      }),
    );
    expect(rules).toEqual({ count: { min: 0 } });
  });

  test("nested fields are dotted and repeated rows use the row prefix", () => {
    const schema = z.object({
      meta: z.object({ title: z.string().trim().min(1).max(80) }),
      faqs: z.array(z.object({ question: z.string().min(1).max(200), note: z.string().max(5) })),
      wanted: z.array(z.string().min(1).max(20)).length(4),
      year: z.number().int().min(1900).max(2100),
    });
    expect(fieldRules(schema)).toEqual({
      "meta.title": { minLength: 1, maxLength: 80, required: true },
      "faqs.question": { minLength: 1, maxLength: 200, required: true },
      "faqs.note": { maxLength: 5 },
      wanted: { minLength: 1, maxLength: 20, required: true },
      year: { min: 1900, max: 2100, required: true },
    });
  });

  test("a pattern goes to the browser only when the browser reads it the same way", () => {
    const schema = z.object({
      phone: z.string().regex(/^0\d{1,2}-\d{3,4}-\d{4}$/),
      // `_-]` and `/` inside a class are refused by the `v` flag browsers compile patterns with.
      videoId: z.string().regex(/^[A-Za-z0-9_-]{6,20}$/),
      fileName: z.string().regex(/^[^/\\?#%]+\.pdf$/),
    });
    expect(fieldRules(schema)).toEqual({
      // Each pattern refuses "", so each field needs a value; only the first goes to the browser.
      phone: { pattern: "^0\\d{1,2}-\\d{3,4}-\\d{4}$", required: true },
      videoId: { required: true },
      fileName: { required: true },
    });
  });
});
