import { describe, expect, test } from "vitest";
import { excerpt, htmlToText, remoteImagesMessage, sanitizeRichText } from "#server/domain/html/sanitize.ts";

/** Common XSS vectors: each must come out inert (no script, handler, javascript: or SVG). */
const vectors = [
  `<script>alert(1)</script><p>hi</p>`,
  `<img src=x onerror=alert(1)>`,
  `<img src="https://ok.example/a.png" onload="alert(1)">`,
  `<a href="javascript:alert(1)">click</a>`,
  `<a href="JaVaScRiPt:alert(1)">click</a>`,
  `<a href=" javascript:alert(1)">click</a>`,
  `<a href="jav&#x09;ascript:alert(1)">click</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
  `<svg onload=alert(1)><script>alert(1)</script></svg>`,
  `<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<iframe src="https://evil.example"></iframe>`,
  `<object data="evil.swf"></object><embed src="evil.swf">`,
  `<p style="background:url(javascript:alert(1))">styled</p>`,
  `<div onclick="alert(1)">div</div>`,
  `<form action="https://evil.example"><input name=x><button>go</button></form>`,
  `<body onload=alert(1)>`,
  `<meta http-equiv="refresh" content="0;url=https://evil.example">`,
  `<base href="https://evil.example/">`,
  `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`,
  `<p><a href="//evil.example">protocol relative</a></p>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `"><script>alert(document.cookie)</script>`,
];

describe("rich-text sanitizer", () => {
  test.each(vectors)("neutralises %s", (input) => {
    const { html } = sanitizeRichText(input);
    expect(html).not.toMatch(/<script|<svg|<iframe|<object|<embed|<form|<input|<meta|<base|<math|<style/i);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:|data:/i);
    expect(html).not.toMatch(/href="\/\//i);
    expect(html).not.toContain("style=");
  });

  test("keeps the formatting the editor makes", () => {
    const input =
      '<h2>제목</h2><p><strong>굵게</strong> <em>기울임</em> <a href="https://club.example.org">링크</a></p>' +
      '<ul><li>하나</li></ul><ol start="3"><li>셋</li></ol><blockquote><p>인용</p></blockquote>' +
      '<pre><code class="language-ts">const a = 1 &lt; 2;</code></pre>';
    const { html } = sanitizeRichText(input);
    expect(html).toContain("<h2>제목</h2>");
    expect(html).toContain("<strong>굵게</strong>");
    expect(html).toContain('<a href="https://club.example.org" rel="noopener noreferrer" target="_blank">링크</a>');
    expect(html).toContain('<ol start="3">');
    expect(html).toContain('<code class="language-ts">const a = 1 &lt; 2;</code>');
  });

  test("plain text for search keeps the words and drops the markup", () => {
    const { text } = sanitizeRichText("<p>해커톤 &amp; 게임잼</p><p>둘째 <b>문단</b></p><script>x()</script>");
    expect(text).toBe("해커톤 & 게임잼\n둘째 문단");
    expect(htmlToText("<ul><li>a</li><li>b</li></ul>")).toBe("a\nb");
  });

  test("pictures from other sites are listed, so a write can refuse them by name", () => {
    const { remoteImages } = sanitizeRichText(
      '<p><img src="https://elsewhere.example/a.png"><img src="//cdn.example/b.jpg"><img src="/uploads/media/c.webp">' +
        '<img src="https://elsewhere.example/a.png"><img src="data:image/png;base64,AAAA"></p>',
    );
    expect(remoteImages).toEqual(["https://elsewhere.example/a.png", "//cdn.example/b.jpg"]);
    expect(remoteImagesMessage(remoteImages)).toBe(
      "본문에 다른 사이트의 이미지가 있어 저장할 수 없습니다: 'https://elsewhere.example/a.png', '//cdn.example/b.jpg'. 사진은 파일로 올려 주세요.",
    );
    expect(remoteImagesMessage([])).toBeUndefined();
  });

  test("excerpts are cut at the limit with an ellipsis", () => {
    expect(excerpt("짧은 글")).toBe("짧은 글");
    expect(excerpt("가".repeat(200), 10)).toBe(`${"가".repeat(9)}…`);
  });
});
