import { createRequire } from "node:module";
import fs from "node:fs";
import path from "node:path";
import bidiFactory from "bidi-js";
import type PDFDocument from "pdfkit";

/**
 * Writing English and Arabic into a PDF with pdfkit. pdfkit shapes Arabic (joining forms and
 * ligatures, through fontkit) but lays a line out left to right word by word, so an Arabic phrase
 * would come out with its words in the wrong order. Here the Unicode bidirectional algorithm
 * (bidi-js) orders each line: words are placed one by one at their visual positions (right to left
 * inside Arabic runs, left to right inside numbers and Latin text), each shaped by fontkit, and
 * written in reading order so that copying the text or extracting it gives it back as typed.
 */

type Doc = InstanceType<typeof PDFDocument>;

const bidi = bidiFactory();

/**
 * Vazirmatn (SIL Open Font License, in node_modules/vazirmatn with its OFL.txt): Arabic and Latin
 * in one family, so a line mixing both needs no font switching. Read once per process.
 */
let fontFiles: { regular: Buffer; bold: Buffer } | undefined;
export function invoiceFonts() {
  if (!fontFiles) {
    const dir = path.join(
      path.dirname(createRequire(import.meta.url).resolve("vazirmatn/package.json")),
      "fonts",
      "ttf",
    );
    fontFiles = {
      regular: fs.readFileSync(path.join(dir, "Vazirmatn-Regular.ttf")),
      bold: fs.readFileSync(path.join(dir, "Vazirmatn-Bold.ttf")),
    };
  }
  return fontFiles;
}

export type Weight = "regular" | "bold";
export type Direction = "ltr" | "rtl";

export function registerInvoiceFonts(doc: Doc) {
  const fonts = invoiceFonts();
  doc.registerFont("regular", fonts.regular);
  doc.registerFont("bold", fonts.bold);
}

const RIGHT_TO_LEFT_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

type Piece = { text: string; start: number; level: number };

/**
 * A line cut into pieces that are each drawn in one go: runs of one embedding level, with
 * right-to-left runs cut further at spaces (pdfkit would otherwise order their words left to
 * right). Brackets in right-to-left text are mirrored here (fontkit reverses Arabic runs but does
 * not mirror).
 */
export function bidiPieces(text: string, direction: Direction): { pieces: Piece[]; visualOrder: number[] } {
  const embedding = bidi.getEmbeddingLevels(text, direction);
  const mirrored = bidi.getMirroredCharactersMap(text, embedding.levels);
  const pieces: Piece[] = [];
  for (let i = 0; i < text.length; i++) {
    const level = embedding.levels[i]!;
    const char = mirrored.get(i) ?? text[i]!;
    const last = pieces.at(-1);
    const breaks = level % 2 === 1 && (char === " " || last?.text === " ");
    if (last && last.level === level && !breaks) last.text += char;
    else pieces.push({ text: char, start: i, level });
  }
  // fontkit lays out pieces with Arabic letters right to left itself; others it writes left to
  // right, so right-to-left ones (a bracket and a full stop) are turned here.
  for (const piece of pieces) {
    if (piece.level % 2 === 1 && !RIGHT_TO_LEFT_LETTER.test(piece.text))
      piece.text = [...piece.text].reverse().join("");
  }
  // Visual order: reverse every maximal sequence at or above each odd level, highest first (rule L2).
  let order = pieces.map((_, index) => index);
  const highest = Math.max(0, ...pieces.map((p) => p.level));
  const lowestOdd = Math.min(highest + 1, ...pieces.filter((p) => p.level % 2 === 1).map((p) => p.level));
  for (let level = highest; level >= lowestOdd; level--) {
    const next: number[] = [];
    for (let i = 0; i < order.length;) {
      if (pieces[order[i]!]!.level >= level) {
        let j = i;
        while (j < order.length && pieces[order[j]!]!.level >= level) j++;
        next.push(...order.slice(i, j).reverse());
        i = j;
      } else next.push(order[i++]!);
    }
    order = next;
  }
  return { pieces, visualOrder: order };
}

export type TextStyle = { size: number; weight?: Weight; color?: string };

export function textWidth(doc: Doc, text: string, style: TextStyle) {
  return doc
    .font(style.weight ?? "regular")
    .fontSize(style.size)
    .widthOfString(text);
}

/** One line at (x, y): right-aligned in `width` for Arabic, left-aligned for English unless `align` says otherwise. */
export function drawLine(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  direction: Direction,
  style: TextStyle,
  align: "start" | "end" | "center" = "start",
) {
  const { pieces, visualOrder } = bidiPieces(text, direction);
  doc
    .font(style.weight ?? "regular")
    .fontSize(style.size)
    .fillColor(style.color ?? "#0f172a");
  const widths = pieces.map((piece) => doc.widthOfString(piece.text));
  const total = widths.reduce((a, b) => a + b, 0);
  const toRight = (direction === "rtl") !== (align === "end");
  let cursor = align === "center" ? x + (width - total) / 2 : toRight ? x + width - total : x;
  const xs: number[] = [];
  for (const index of visualOrder) {
    xs[index] = cursor;
    cursor += widths[index]!;
  }
  // Reading order in the content stream: text extraction and copying follow it.
  pieces.forEach((piece, index) => {
    if (piece.text.trim() === "") return;
    doc.text(piece.text, xs[index]!, y, { lineBreak: false });
  });
}

/** Breaks text into lines no wider than `width` (at spaces; a word longer than a line is cut). */
export function wrapText(doc: Doc, text: string, width: number, style: TextStyle): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = "";
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (textWidth(doc, candidate, style) <= width || !line) {
        line = candidate;
      } else {
        lines.push(line);
        line = word;
      }
      // A single word wider than the line (a long e-mail address): cut it.
      while (textWidth(doc, line, style) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && textWidth(doc, line.slice(0, cut), style) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Wrapped text; returns the height used. */
export function drawText(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  direction: Direction,
  style: TextStyle,
  align: "start" | "end" | "center" = "start",
) {
  const lineHeight = style.size * 1.45;
  const lines = wrapText(doc, text, width, style);
  lines.forEach((line, index) => drawLine(doc, line, x, y + index * lineHeight, width, direction, style, align));
  return lines.length * lineHeight;
}

export function textHeight(doc: Doc, text: string, width: number, style: TextStyle) {
  return wrapText(doc, text, width, style).length * style.size * 1.45;
}

const ARABIC = /^[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]+$/;

/**
 * Arabic ligatures (lam-alef) stand for two letters. Glyphs of right-to-left text are written in
 * visual order, and text extractors reverse such runs as a whole, so a ligature's letters must be
 * recorded in visual order too, or "الإ" would come back as "اإل". Call before doc.end().
 */
export function fixLigatureText(doc: Doc) {
  const families = (doc as unknown as { _fontFamilies?: Record<string, { unicode?: number[][] }> })._fontFamilies ?? {};
  // pdfkit files a font under several keys (its name and the family registered): each once.
  for (const font of new Set(Object.values(families))) {
    font.unicode?.forEach((codePoints, gid) => {
      if (codePoints && codePoints.length > 1 && ARABIC.test(String.fromCodePoint(...codePoints)))
        font.unicode![gid] = [...codePoints].reverse();
    });
  }
}
