import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFStream } from "pdf-lib";

/**
 * Active content in an uploaded PDF: a script (JavaScript, run by viewers that support it, on
 * opening or on a click) or a launch action (asks the viewer to start a program). A rules file
 * or a magazine needs neither, so such a PDF is refused rather than served to visitors.
 */
export type PdfAction = "JavaScript" | "Launch";

/**
 * The first kind of active content found in `bytes`, or undefined. The document's objects are
 * read with pdf-lib (object streams unpacked, so compressed dictionaries are seen too) and every
 * dictionary is checked; parsing yields to other requests every few hundred objects. A file
 * in which pdf-lib finds no objects is searched as text instead.
 */
export async function findPdfAction(bytes: Uint8Array): Promise<PdfAction | undefined> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
      parseSpeed: 200,
    });
  } catch {
    return actionInText(bytes);
  }
  const objects = document.context.enumerateIndirectObjects();
  // Nothing pdf-lib could make out: a viewer may still find dictionaries in it.
  if (objects.length === 0) return actionInText(bytes);
  for (const [, object] of objects) {
    const found = actionIn(object, 0);
    if (found) return found;
  }
  return undefined;
}

/** A name as written, with `#xx` escapes in either case undone (`/J#61vaScript` is JavaScript). */
function plainName(name: PDFName): string {
  return name
    .asString()
    .slice(1)
    .replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Nested dictionaries and arrays are followed this deep; real documents nest a few levels. */
const MAX_DEPTH = 32;

function actionIn(object: PDFObject, depth: number): PdfAction | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (object instanceof PDFStream) return actionIn(object.dict, depth + 1);
  if (object instanceof PDFArray) {
    for (const item of object.asArray()) {
      const found = actionIn(item, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (!(object instanceof PDFDict)) return undefined;
  for (const [key, value] of object.entries()) {
    const name = plainName(key);
    // `/JS` carries an action's script; `/JavaScript` names the document's scripts.
    if (name === "JS" || name === "JavaScript") return "JavaScript";
    if (name === "S" && value instanceof PDFName) {
      const type = plainName(value);
      if (type === "JavaScript" || type === "Launch") return type;
    }
    const found = actionIn(value, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function actionInText(bytes: Uint8Array): PdfAction | undefined {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString("latin1")
    .replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  if (/\/(?:JavaScript|JS)(?![A-Za-z0-9])/.test(text)) return "JavaScript";
  if (/\/Launch(?![A-Za-z0-9])/.test(text)) return "Launch";
  return undefined;
}
