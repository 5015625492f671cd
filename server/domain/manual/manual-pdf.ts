import { createHash } from "node:crypto";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, type PDFPage, StandardFonts } from "pdf-lib";
import { notoSansKrForPdf } from "#server/domain/korean-font.ts";
import { Memo } from "#server/memo.ts";
import { manualChapters, manualIntroduction, manualTitle } from "#shared/admin-manual.ts";
import { seoulDate, seoulMidnight } from "#shared/dates.ts";
import type { ManualBlock, ManualText } from "#shared/manual-markup.ts";
import { breakLines, type Piece } from "./line-breaks.ts";
import {
  BODY,
  CHAPTER,
  COLORS,
  type Fonts,
  fontRuns,
  MARGIN,
  type Mark,
  PAGE,
  piecesOf,
  SMALL,
  SUBHEADING,
  sizeOf,
  TERM_DESCRIPTION,
  TEXT_FEATURES,
  TEXT_WIDTH,
  type TextStyle,
} from "./pdf-typesetting.ts";

/**
 * The managers' manual as an A4 PDF, laid out from the same text as /admin/manual
 * (shared/admin-manual.ts): the club's name, the date and a table of contents with page numbers
 * on the first page, then the chapters; a running head and page numbers on every page. Noto Sans
 * KR (regular and bold) is embedded as a subset of the syllables used, so any reader shows the
 * Korean text; code is set in Courier, which every PDF reader has built in, with Noto Sans KR for
 * its Hangul.
 */

export interface ManualPdf {
  body: Uint8Array<ArrayBuffer>;
  /** A strong validator: the bytes' digest, the same in every process that made the same file. */
  etag: string;
  /** The day it was made (midnight in Seoul), also the date printed on it. */
  madeAt: Date;
}

export interface ManualPdfOptions {
  clubName: string;
  /** The site's public address, printed as where the admin area is. */
  siteUrl: string;
}

/** One manual (some 100 KB); a second club name or address in one process replaces it. */
const kept = new Memo<ManualPdf>({ maxEntries: 1 });

/**
 * The manual's PDF, made once per process and kept: the words change only with a deploy, and
 * the club's name or address only with a settings save (then the next request makes a new one).
 */
export function adminManualPdf(options: ManualPdfOptions, now = new Date()): Promise<ManualPdf> {
  const version = JSON.stringify([options.clubName, options.siteUrl]);
  return kept.get("manual", () => makeManualPdf(options, seoulMidnight(seoulDate(now))), version);
}

async function makeManualPdf({ clubName, siteUrl }: ManualPdfOptions, madeAt: Date): Promise<ManualPdf> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const title = `${clubName} ${manualTitle}`;
  pdf.setTitle(title, { showInWindowTitleBar: true });
  pdf.setLanguage("ko");
  pdf.setAuthor(clubName);
  pdf.setSubject("홈페이지 관리 화면 사용 안내");
  pdf.setCreator(`${clubName} 홈페이지`);
  // Fixed dates keep the bytes, and so the ETag, the same in every process that makes the file.
  pdf.setCreationDate(madeAt);
  pdf.setModificationDate(madeAt);
  const [regular, bold] = await Promise.all([notoSansKrForPdf("400Regular"), notoSansKrForPdf("700Bold")]);
  const fonts: Fonts = {
    regular: await pdf.embedFont(regular, { subset: true, features: TEXT_FEATURES }),
    bold: await pdf.embedFont(bold, { subset: true, features: TEXT_FEATURES }),
    mono: await pdf.embedFont(StandardFonts.Courier),
  };

  const writer = new Writer(pdf, fonts);
  writer.titleBlock(clubName, madeAt, siteUrl);
  const contents = writer.reserveContents(manualChapters.length);
  const chapterPages: number[] = [];
  for (const chapter of manualChapters) {
    chapterPages.push(writer.chapter(chapter.title));
    for (const block of chapter.blocks) writer.block(block);
  }
  writer.contents(
    contents,
    manualChapters.map((chapter, index) => [chapter.title, chapterPages[index] ?? 1]),
  );
  writer.pageFurniture(title);

  const body = new Uint8Array(await pdf.save());
  const digest = createHash("sha256").update(body).digest("base64url").slice(0, 27);
  return { body, etag: `"${digest}"`, madeAt };
}

/** Lays text out top to bottom, starting a page when the next line would not fit. */
class Writer {
  readonly #pdf: PDFDocument;
  readonly #fonts: Fonts;
  readonly #widths = new Map<string, number>();
  #page: PDFPage;
  /** The top of the next line, in points from the page's bottom. */
  #y = PAGE.height - MARGIN.top;

  constructor(pdf: PDFDocument, fonts: Fonts) {
    this.#pdf = pdf;
    this.#fonts = fonts;
    this.#page = pdf.addPage([PAGE.width, PAGE.height]);
  }

  titleBlock(clubName: string, madeAt: Date, siteUrl: string) {
    this.#y = PAGE.height - 88;
    this.#line([{ text: clubName, mark: "bold" }], MARGIN.left, { size: 12, lineHeight: 20, color: COLORS.brand });
    this.#line([{ text: manualTitle, mark: "bold" }], MARGIN.left, { size: 28, lineHeight: 44, color: COLORS.text });
    this.#gap(6);
    this.#paragraph(manualIntroduction, MARGIN.left, TEXT_WIDTH, { ...BODY, size: 11.5, lineHeight: 20 });
    this.#gap(6);
    const [year, month, day] = seoulDate(madeAt).split("-").map(Number);
    const details: TextStyle = { size: 9.5, lineHeight: 16, color: COLORS.muted };
    this.#line([{ text: `${year}년 ${month}월 ${day}일 기준`, mark: "regular" }], MARGIN.left, details);
    this.#line(
      [
        { text: "관리 화면: ", mark: "regular" },
        { text: `${siteUrl.replace(/\/+$/, "")}/admin`, mark: "code" },
      ],
      MARGIN.left,
      details,
    );
    this.#gap(22);
  }

  /** Room for the table of contents, filled in once the chapters' pages are known. */
  reserveContents(entries: number) {
    const top = this.#y;
    this.#y -= 34 + entries * 19 + 14;
    return { page: this.#page, top };
  }

  contents({ page, top }: { page: PDFPage; top: number }, entries: [title: string, page: number][]) {
    const height = 34 + entries.length * 19;
    page.drawRectangle({
      x: MARGIN.left,
      y: top - height,
      width: TEXT_WIDTH,
      height,
      color: COLORS.codeBackground,
      borderColor: COLORS.rule,
      borderWidth: 0.75,
    });
    const { regular, bold } = this.#fonts;
    page.drawText("목차", { x: MARGIN.left + 16, y: top - 22, size: 10.5, font: bold, color: COLORS.text });
    entries.forEach(([title, number], index) => {
      const y = top - 44 - index * 19;
      const label = `${index + 1}. ${title}`;
      page.drawText(label, { x: MARGIN.left + 16, y, size: 10, font: regular, color: COLORS.text });
      const pageNumber = String(number);
      const right = MARGIN.left + TEXT_WIDTH - 16;
      page.drawText(pageNumber, {
        x: right - regular.widthOfTextAtSize(pageNumber, 10),
        y,
        size: 10,
        font: regular,
        color: COLORS.muted,
      });
    });
  }

  /** A chapter's heading, kept with its first lines; returns the page it is on (from 1). */
  chapter(title: string): number {
    if (this.#y < PAGE.height - MARGIN.top) this.#gap(18);
    this.#ensure(CHAPTER.lineHeight + 10 + BODY.lineHeight * 3);
    this.#line([{ text: title, mark: "bold" }], MARGIN.left, CHAPTER);
    this.#y -= 4;
    this.#page.drawLine({
      start: { x: MARGIN.left, y: this.#y },
      end: { x: MARGIN.left + TEXT_WIDTH, y: this.#y },
      thickness: 0.75,
      color: COLORS.rule,
    });
    this.#y -= 10;
    return this.#pdf.getPageCount();
  }

  block(block: ManualBlock) {
    switch (block.kind) {
      case "paragraph":
        this.#paragraph(block.text, MARGIN.left, TEXT_WIDTH, BODY);
        this.#gap(8);
        return;
      case "subheading":
        this.#gap(6);
        this.#ensure(SUBHEADING.lineHeight + BODY.lineHeight * 2);
        this.#paragraph(block.text, MARGIN.left, TEXT_WIDTH, SUBHEADING);
        this.#gap(2);
        return;
      case "list":
        for (const [index, item] of block.items.entries()) {
          const indent = 16;
          this.#paragraph(item, MARGIN.left + indent, TEXT_WIDTH - indent, BODY, (page, baseline) =>
            page.drawText(block.ordered ? `${index + 1}.` : "•", {
              x: MARGIN.left + 4,
              y: baseline,
              size: BODY.size,
              font: this.#fonts.regular,
              color: COLORS.subtle,
            }),
          );
          this.#gap(4);
        }
        this.#gap(6);
        return;
      case "terms":
        for (const { term, description } of block.terms) {
          this.#ensure(BODY.lineHeight * 2);
          this.#line([{ text: term, mark: "bold" }], MARGIN.left, BODY);
          this.#paragraph(description, MARGIN.left + 12, TEXT_WIDTH - 12, TERM_DESCRIPTION);
          this.#gap(6);
        }
        this.#gap(4);
        return;
    }
  }

  /** The running head (from the second page) and "n / total" at the foot of every page. */
  pageFurniture(title: string) {
    const { regular } = this.#fonts;
    const pages = this.#pdf.getPages();
    pages.forEach((page, index) => {
      if (index > 0) {
        page.drawText(title, { x: MARGIN.left, y: PAGE.height - 44, size: SMALL, font: regular, color: COLORS.subtle });
        page.drawLine({
          start: { x: MARGIN.left, y: PAGE.height - 52 },
          end: { x: PAGE.width - MARGIN.right, y: PAGE.height - 52 },
          thickness: 0.5,
          color: COLORS.rule,
        });
      }
      const number = `${index + 1} / ${pages.length}`;
      page.drawText(number, {
        x: (PAGE.width - regular.widthOfTextAtSize(number, SMALL)) / 2,
        y: 40,
        size: SMALL,
        font: regular,
        color: COLORS.subtle,
      });
    });
  }

  /** Running text wrapped to `width`; `marker` draws a list's bullet beside the first line. */
  #paragraph(
    text: ManualText,
    x: number,
    width: number,
    style: TextStyle,
    marker?: (page: PDFPage, baseline: number) => void,
  ) {
    const lines = breakLines(piecesOf(text, style), width, (part, mark) => this.#width(part, mark, style.size));
    lines.forEach((line, index) => {
      const baseline = this.#line(line, x, style);
      if (index === 0) marker?.(this.#page, baseline);
    });
  }

  /** One line at the cursor (on a new page when it would not fit); returns its baseline. */
  #line(pieces: readonly Piece<Mark>[], x: number, style: TextStyle): number {
    this.#ensure(style.lineHeight);
    const baseline = this.#y - (style.lineHeight + style.size * 0.72) / 2;
    let left = x;
    for (const { text, mark } of pieces) {
      const width = this.#width(text, mark, style.size);
      if (mark === "code" || mark === "key") {
        this.#page.drawRectangle({
          x: left - 1.5,
          y: baseline - style.size * 0.3,
          width: width + 3,
          height: style.size * 1.3,
          color: COLORS.codeBackground,
          ...(mark === "key" ? { borderColor: COLORS.keyBorder, borderWidth: 0.6 } : {}),
        });
      }
      for (const run of fontRuns(text, mark)) {
        const size = sizeOf(run, style.size);
        const color = mark === "code" ? COLORS.codeText : style.color;
        this.#page.drawText(run.text, { x: left, y: baseline, size, font: this.#fonts[run.font], color });
        left += this.#fontWidth(run.font, run.text, size);
      }
    }
    this.#y -= style.lineHeight;
    return baseline;
  }

  #width(text: string, mark: Mark, size: number): number {
    return fontRuns(text, mark).reduce((sum, run) => sum + this.#fontWidth(run.font, run.text, sizeOf(run, size)), 0);
  }

  /** Measured once per font and text, at size 1 (widths scale with the size): fontkit shapes each. */
  #fontWidth(font: keyof Fonts, text: string, size: number): number {
    const key = `${font}:${text}`;
    let width = this.#widths.get(key);
    if (width === undefined) {
      width = this.#fonts[font].widthOfTextAtSize(text, 1);
      this.#widths.set(key, width);
    }
    return width * size;
  }

  #gap(points: number) {
    this.#y -= points;
  }

  /** Starts a new page unless `height` more points fit above the bottom margin. */
  #ensure(height: number) {
    if (this.#y - height >= MARGIN.bottom) return;
    this.#page = this.#pdf.addPage([PAGE.width, PAGE.height]);
    this.#y = PAGE.height - MARGIN.top;
  }
}
