import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { fieldRules } from "#server/domain/write/field-rules.ts";
import {
  asSingleLine,
  multiLineText,
  optionalText,
  requiredText,
  singleLineText,
  withoutControls,
} from "#server/domain/write/text-schemas.ts";

const NUL = "\u0000";
const RLO = "\u202E"; // right-to-left override
const ISOLATE = "\u2066"; // left-to-right isolate
const C1 = "\u0085"; // next line, a C1 control

describe("text a manager types", () => {
  test("a single line loses control and bidirectional formatting characters; tabs and breaks become spaces", () => {
    expect(asSingleLine(`2027${NUL}-1${RLO}학기`)).toBe("2027-1학기");
    expect(asSingleLine(`a${ISOLATE}b\u2069c\u202Ad`)).toBe("abcd");
    expect(asSingleLine("첫 줄\r\n둘째\t줄\n셋째")).toBe("첫 줄 둘째 줄 셋째");
    expect(asSingleLine(`x${C1}y\u001Bz\u007F`)).toBe("xyz");
    // Letters of right-to-left scripts themselves stay: only the formatting characters go.
    expect(asSingleLine("שלום مرحبا")).toBe("שלום مرحبا");
  });

  test("multi-line text keeps its tabs and line breaks and loses the rest", () => {
    expect(withoutControls(`첫 줄\r\n\t둘째${NUL} 줄${RLO}\n`)).toBe("첫 줄\r\n\t둘째 줄\n");
  });

  test("the schemas clean before they trim and measure", () => {
    const title = requiredText("제목을", "제목은", 5);
    expect(title.parse(` ${RLO}가나${NUL}다 `)).toBe("가나다");
    expect(title.safeParse(`${NUL}${RLO}`).error?.issues[0]?.message).toBe("제목을 입력해 주세요.");
    // Five letters once the characters that show as nothing are out.
    expect(title.parse(`가${RLO.repeat(10)}나다라마`)).toBe("가나다라마");
    expect(optionalText("설명은", 100, { multiLine: true }).parse(`한 줄\n두${NUL} 줄`)).toBe("한 줄\n두 줄");
    expect(optionalText("장소는", 100).parse(`한 줄\n두 줄`)).toBe("한 줄 두 줄");
    expect(singleLineText().trim().parse(`\t${ISOLATE}이름\n`)).toBe("이름");
    expect(multiLineText().parse(`<p>본문${RLO}</p>\n`)).toBe("<p>본문</p>\n");
  });

  test("the browser still gets each field's limits", () => {
    const schema = z.object({ title: requiredText("제목을", "제목은", 80), note: optionalText("설명은", 300) });
    expect(fieldRules(schema)).toEqual({
      title: { minLength: 1, maxLength: 80, required: true },
      note: { maxLength: 300 },
    });
  });
});

/**
 * Every text field of every content type is read through text-schemas.ts. A string schema that
 * is trimmed is text a manager types; built with a bare `z.string()` it would keep control
 * characters, unless a pattern (`.regex`) or a stricter schema (`.pipe`: an address, a link)
 * decides what it may hold.
 */
describe("the content types' text fields", () => {
  const TRIMMED_PLAIN_STRING = /\bz\s*\.\s*string\(/g;

  function sources(folder: string): string[] {
    return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) return sources(file);
      return entry.name.endsWith(".ts") ? [file] : [];
    });
  }

  /** The expression that starts at `from`: up to a comma, semicolon or bracket that closes it. */
  function expressionAt(text: string, from: number): string {
    let depth = 0;
    for (let at = from; at < text.length; at++) {
      const char = text[at] as string;
      if ("([{".includes(char)) depth++;
      else if (")]}".includes(char)) {
        if (depth === 0) return text.slice(from, at);
        depth--;
      } else if ((char === "," || char === ";") && depth === 0) return text.slice(from, at);
    }
    return text.slice(from);
  }

  test("no typed text is read with a bare z.string()", () => {
    const offenders: string[] = [];
    for (const file of sources("server/domain")) {
      if (file.endsWith("text-schemas.ts")) continue;
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(TRIMMED_PLAIN_STRING)) {
        const chain = expressionAt(text, match.index);
        const typed = /\.\s*trim\(\)/.test(chain);
        const constrained = /\.\s*(regex|pipe)\(/.test(chain);
        if (typed && !constrained) offenders.push(`${file}: ${chain.replace(/\s+/g, " ").slice(0, 80)}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
