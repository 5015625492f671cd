import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb } from "pdf-lib";
import { notoSansKrForPdf } from "#server/domain/korean-font.ts";

export interface DemoPdfOptions {
  title: string;
  subtitle?: string;
  /** Paragraphs for the text pages. */
  paragraphs: string[];
  /** A JPEG shown as the first page (a magazine cover). */
  coverJpeg?: Buffer | undefined;
}

/** A small real PDF for the demo content: an optional cover page and pages of Korean text. */
export async function makeDemoPdf({ title, subtitle, paragraphs, coverJpeg }: DemoPdfOptions): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(title);
  pdf.setCreator("Club site demo content");
  const font = await pdf.embedFont(await notoSansKrForPdf("400Regular"), { subset: true });
  const [pageWidth, pageHeight] = [595.28, 841.89]; // A4 in points

  if (coverJpeg) {
    const cover = await pdf.embedJpg(coverJpeg);
    const page = pdf.addPage([pageWidth, pageHeight]);
    page.drawImage(cover, { x: 0, y: 0, width: pageWidth, height: pageHeight });
    page.drawRectangle({
      x: 0,
      y: 0,
      width: pageWidth,
      height: 150,
      color: rgb(0.05, 0.06, 0.09),
      opacity: 0.78,
    });
    page.drawText(title, { x: 48, y: 88, size: 30, font, color: rgb(1, 1, 1) });
    if (subtitle) page.drawText(subtitle, { x: 48, y: 56, size: 13, font, color: rgb(0.85, 0.87, 0.92) });
  }

  const margin = 56;
  const size = 11;
  const lineHeight = size * 1.8;
  let page = pdf.addPage([pageWidth, pageHeight]);
  let y = pageHeight - margin;
  page.drawText(title, { x: margin, y: y - 20, size: 20, font });
  y -= 20 + lineHeight * 2;
  for (const paragraph of paragraphs) {
    for (const line of wrap(paragraph, (text) => font.widthOfTextAtSize(text, size), pageWidth - margin * 2)) {
      if (y < margin) {
        page = pdf.addPage([pageWidth, pageHeight]);
        y = pageHeight - margin;
      }
      page.drawText(line, { x: margin, y, size, font, color: rgb(0.1, 0.1, 0.12) });
      y -= lineHeight;
    }
    y -= lineHeight * 0.6;
  }
  return pdf.save();
}

function wrap(text: string, widthOf: (text: string) => number, maxWidth: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/(\s+)/)) {
    const candidate = current + word;
    if (widthOf(candidate) > maxWidth && current.trim()) {
      lines.push(current.trimEnd());
      current = word.trimStart();
    } else {
      current = candidate;
    }
  }
  if (current.trim()) lines.push(current.trim());
  return lines;
}
