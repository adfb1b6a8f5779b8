import PDFDocument from "pdfkit";
import type { TaxDocument } from "../../db/schema";
import { invoiceText } from "../content/invoices.server";
import { fill } from "../i18n/fill";
import { formatDate } from "../i18n/format";
import type { Lang } from "../i18n/lang";
import {
  drawLine,
  drawText,
  fixLigatureText,
  registerInvoiceFonts,
  textHeight,
  type Direction,
  type TextStyle,
} from "./text-layout.server";
import { shortOrderId } from "../orders/order-basics.server";
import { formatRate } from "./vat";

type Doc = InstanceType<typeof PDFDocument>;

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const CONTENT = PAGE.width - 2 * PAGE.margin;
const NAVY = "#0b2545";
const GREY = "#475569";
const RULE = "#cbd5e1";

/** 1234.5 AED as "1,234.50" (fils in, Western digits in both languages, as on UAE invoices). */
export function amount(fils: number) {
  return (fils / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

function longDate(date: Date, lang: Lang) {
  return formatDate(date, lang, { day: "numeric", month: "long", year: "numeric" });
}

export type PrintableDocument = TaxDocument & { invoiceNumber?: string | null };

/** The file name a download or attachment gets, e.g. tax-invoice-INV-000042.pdf. */
export function taxDocumentFileName(document: Pick<TaxDocument, "kind" | "documentNumber">) {
  return `${invoiceText.en.fileName[document.kind]}-${document.documentNumber}.pdf`;
}

/**
 * Renders an issued tax invoice or credit note as an A4 PDF in `lang` (by default the client's
 * language the document was issued in): right to left and shaped in Arabic. Rendered from the
 * stored, immutable document, so every rendering states the same facts.
 */
export async function renderTaxDocumentPdf(document: PrintableDocument, lang: Lang = document.lang): Promise<Buffer> {
  const t = invoiceText[lang];
  const dir: Direction = lang === "ar" ? "rtl" : "ltr";
  const isCredit = document.kind === "credit_note";
  const title = isCredit ? t.creditTitle : t.invoiceTitle;
  const supplierName = (lang === "ar" ? document.supplier.nameAr : null) || document.supplier.name;
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    bufferPages: true,
    // No default font (pdfkit would load Helvetica): the registered ones are used by name.
    font: null as unknown as string,
    lang: lang === "ar" ? "ar-AE" : "en-AE",
    displayTitle: true,
    info: {
      Title: `${title} ${document.documentNumber}`,
      Author: supplierName,
      Subject: title,
      CreationDate: document.issuedAt,
      ModDate: document.issuedAt,
    },
  });
  const done = collect(doc);
  registerInvoiceFonts(doc);
  doc.font("regular");

  /** x of a box of width w placed at `offset` from the start edge (the right edge in Arabic). */
  const at = (offset: number, w: number) => (dir === "rtl" ? PAGE.margin + CONTENT - offset - w : PAGE.margin + offset);
  const small: TextStyle = { size: 8.5, color: GREY };
  const body: TextStyle = { size: 9.5 };
  const bold: TextStyle = { size: 9.5, weight: "bold" };

  let y = PAGE.margin;
  drawLine(doc, title, at(0, CONTENT), y, CONTENT, dir, { size: 22, weight: "bold", color: NAVY });
  drawLine(doc, supplierName, at(0, CONTENT), y + 6, CONTENT, dir, { size: 12, weight: "bold", color: NAVY }, "end");
  y += 40;

  const meta: Array<[string, string]> = [
    [isCredit ? t.creditNumber : t.invoiceNumber, document.documentNumber],
    [t.issueDate, longDate(document.issuedAt, lang)],
    [t.supplyDate, longDate(document.supplyDate, lang)],
    [t.orderReference, shortOrderId(document.orderId)],
  ];
  if (isCredit && document.invoiceNumber) meta.push([t.creditFor, document.invoiceNumber]);
  if (isCredit && document.reason) meta.push([t.reason, document.reason]);
  for (const [label, value] of meta) {
    drawLine(doc, label, at(0, 150), y, 150, dir, bold);
    y += Math.max(13, drawText(doc, value, at(155, CONTENT - 155), y, CONTENT - 155, dir, body));
  }
  y += 10;

  // Supplier and customer side by side.
  const half = (CONTENT - 20) / 2;
  const party = (
    offset: number,
    heading: string,
    lines: Array<[string | null, string | null | undefined, TextStyle?]>,
  ) => {
    let py = y;
    drawLine(doc, heading, at(offset, half), py, half, dir, { size: 8.5, weight: "bold", color: GREY });
    py += 15;
    for (const [label, value, style] of lines) {
      if (!value) continue;
      py += drawText(doc, label ? `${label}: ${value}` : value, at(offset, half), py, half, dir, style ?? body);
    }
    return py;
  };
  const supplierEnd = party(0, t.supplier, [
    [null, supplierName, bold],
    [null, (lang === "ar" ? document.supplier.addressAr : null) || document.supplier.address],
    [t.trn, document.supplier.trn],
  ]);
  const customerEnd = party(half + 20, t.customer, [
    [null, document.customer.name, bold],
    [t.company, document.customer.company],
    [t.trn, document.customer.trn],
    [t.email, document.customer.email],
    [t.address, document.customer.address],
  ]);
  y = Math.max(supplierEnd, customerEnd) + 14;

  // The lines.
  const columns: Array<{ key: keyof typeof t.columns; width: number; numeric: boolean }> = [
    { key: "description", width: 143, numeric: false },
    { key: "unitPrice", width: 58, numeric: true },
    { key: "quantity", width: 28, numeric: true },
    { key: "discount", width: 50, numeric: true },
    { key: "taxable", width: 62, numeric: true },
    { key: "vatRate", width: 40, numeric: true },
    { key: "vat", width: 54, numeric: true },
    { key: "total", width: 80, numeric: true },
  ];
  const offsets = columns.reduce<number[]>(
    (list, column, index) => [...list, index === 0 ? 0 : list[index - 1]! + columns[index - 1]!.width],
    [],
  );
  const cellPad = 3;
  const header: TextStyle = { size: 7.5, weight: "bold", color: GREY };
  const cell: TextStyle = { size: 8.5 };
  const drawHeader = () => {
    const height =
      Math.max(...columns.map((c) => textHeight(doc, t.columns[c.key], c.width - 2 * cellPad, header))) + 6;
    doc.rect(PAGE.margin, y - 3, CONTENT, height).fill("#f1f5f9");
    columns.forEach((c, i) =>
      drawText(
        doc,
        t.columns[c.key],
        at(offsets[i]! + cellPad, c.width - 2 * cellPad),
        y,
        c.width - 2 * cellPad,
        dir,
        header,
        c.numeric ? "end" : "start",
      ),
    );
    y += height;
  };
  drawHeader();
  for (const line of document.lines) {
    const values: Record<keyof typeof t.columns, string> = {
      description: line.description[lang] || line.description.en,
      unitPrice: amount(line.unitPrice),
      quantity: String(line.quantity),
      discount: amount(line.discount),
      taxable: amount(line.taxable),
      vatRate: `${formatRate(line.vatRate)}%`,
      vat: amount(line.vat),
      total: amount(line.total),
    };
    const height = Math.max(...columns.map((c) => textHeight(doc, values[c.key], c.width - 2 * cellPad, cell))) + 6;
    if (y + height > PAGE.height - PAGE.margin - 140) {
      doc.addPage();
      y = PAGE.margin;
      drawHeader();
    }
    columns.forEach((c, i) =>
      drawText(
        doc,
        values[c.key],
        at(offsets[i]! + cellPad, c.width - 2 * cellPad),
        y + 3,
        c.width - 2 * cellPad,
        dir,
        cell,
        c.numeric ? "end" : "start",
      ),
    );
    y += height;
    doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.margin + CONTENT, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }
  y += 12;

  // Totals, on the end side.
  const totalsWidth = 280;
  const rate = formatRate(document.vatRate);
  const totals: Array<[string, string, boolean]> = [];
  if (document.discount > 0) totals.push([t.totalDiscount, amount(document.discount), false]);
  totals.push(
    [t.totalTaxable, amount(document.totalTaxable), false],
    [fill(t.totalVat, { rate }), amount(document.totalVat), false],
    [isCredit ? t.totalCredited : t.total, amount(document.total), true],
  );
  for (const [label, value, strong] of totals) {
    const style: TextStyle = strong ? { size: 10.5, weight: "bold", color: NAVY } : body;
    drawLine(doc, label, at(CONTENT - totalsWidth, totalsWidth - 90), y, totalsWidth - 90, dir, style);
    drawLine(doc, value, at(CONTENT - 90, 90), y, 90, dir, style, "end");
    y += strong ? 18 : 15;
  }
  y += 16;
  y += drawText(doc, fill(t.amountsNote, { rate }), at(0, CONTENT), y, CONTENT, dir, small);
  drawText(doc, fill(t.issuedBy, { supplier: supplierName }), at(0, CONTENT), y + 2, CONTENT, dir, small);

  // Page numbers, once every page exists.
  const range = doc.bufferedPageRange();
  for (let page = 0; page < range.count; page++) {
    doc.switchToPage(range.start + page);
    const footer = `${document.documentNumber} · ${fill(t.page, { page: page + 1, pages: range.count })}`;
    drawLine(
      doc,
      footer,
      PAGE.margin,
      PAGE.height - PAGE.margin + 10,
      CONTENT,
      dir,
      { size: 7.5, color: GREY },
      "center",
    );
  }
  fixLigatureText(doc);
  doc.end();
  return done;
}

function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}
