import sanitizeHtml from "sanitize-html";

/**
 * The allow-list for HTML written in the admin's rich-text editor. Anything not listed here
 * (scripts, event handlers, styles, iframes, SVG, forms, javascript: and data: links) is removed,
 * so stored HTML can be rendered on the public site as it is.
 */
const richTextOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "h2",
    "h3",
    "h4",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "code",
    "pre",
    "hr",
    "img",
    "figure",
    "figcaption",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title"],
    img: ["src", "alt", "width", "height"],
    code: ["class"],
    pre: ["class"],
    ol: ["start"],
    th: ["colspan", "rowspan"],
    td: ["colspan", "rowspan"],
  },
  allowedClasses: { code: [/^language-[a-z0-9+#-]+$/], pre: [/^language-[a-z0-9+#-]+$/] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Text inside removed elements such as <script> or <style> is dropped, not shown.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "svg", "math"],
  transformTags: {
    h1: "h2",
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:/i.test(attribs.href ?? "")
        ? { ...attribs, rel: "noopener noreferrer", target: "_blank" }
        : attribs,
    }),
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

// rel and target are added by the transform above, after the attribute filter has run.
richTextOptions.allowedAttributes = {
  ...richTextOptions.allowedAttributes,
  a: ["href", "title", "rel", "target"],
};

export interface SanitizedRichText {
  html: string;
  /** The same text without markup, for search and excerpts. */
  text: string;
  /**
   * Addresses of pictures on other sites the HTML shows. The site's Content-Security-Policy
   * (`img-src 'self'`) would not let a visitor's browser load them, so a write refuses them by
   * name (`remoteImagesMessage`) rather than storing a broken picture.
   */
  remoteImages: string[];
}

export function sanitizeRichText(html: string): SanitizedRichText {
  const remoteImages: string[] = [];
  const clean = sanitizeHtml(html, {
    ...richTextOptions,
    transformTags: {
      ...richTextOptions.transformTags,
      img: (tagName, attribs) => {
        const src = (attribs.src ?? "").trim();
        if (/^(?:https?:)?\/\//i.test(src) && !remoteImages.includes(src)) remoteImages.push(src);
        return { tagName, attribs };
      },
    },
  }).trim();
  return { html: clean, text: htmlToText(clean), remoteImages };
}

/** The refusal of HTML that shows pictures from other sites, naming (up to three of) them. */
export function remoteImagesMessage(remoteImages: readonly string[]): string | undefined {
  if (remoteImages.length === 0) return undefined;
  const named = remoteImages
    .slice(0, 3)
    .map((src) => `'${src.length > 80 ? `${src.slice(0, 79)}…` : src}'`)
    .join(", ");
  const more = remoteImages.length > 3 ? ` 외 ${remoteImages.length - 3}개` : "";
  return `본문에 다른 사이트의 이미지가 있어 저장할 수 없습니다: ${named}${more}. 사진은 파일로 올려 주세요.`;
}

/** Plain text of (already clean) HTML: block ends become line breaks, entities decoded. */
export function htmlToText(html: string): string {
  const withBreaks = html.replace(/<\/(p|h[1-6]|li|blockquote|pre|tr|figcaption)>|<br\s*\/?>/gi, "\n");
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&");
}

/** A short excerpt of plain text for cards and link previews. */
export function excerpt(text: string, maxLength = 140): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= maxLength ? flat : `${flat.slice(0, maxLength - 1).trimEnd()}…`;
}
