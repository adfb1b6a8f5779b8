import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { bidiPieces, registerInvoiceFonts } from "../../app/invoices/text-layout.server";

type Glyph = { id: number; codePoints: number[] };
/** The glyphs pdfkit writes for a run of text in the invoice font (its fontkit layout). */
function glyphs(text: string): Glyph[] {
  const doc = new PDFDocument({ font: null as unknown as string });
  registerInvoiceFonts(doc);
  doc.font("regular");
  const font = (doc as unknown as { _font: { layout(text: string): { glyphs: Glyph[] } } })._font;
  return font.layout(text).glyphs;
}

describe("Arabic in the invoice PDFs", () => {
  it("is shaped: letters take their joining forms and lam-alef its ligature, laid out right to left", () => {
    const word = glyphs("فاتورة");
    // Visual order: the last letter (teh marbuta) first.
    expect(word.map((g) => String.fromCodePoint(...g.codePoints)).join("")).toBe([..."فاتورة"].reverse().join(""));
    // Contextual forms, not the isolated letters: initial feh, final alef, initial teh (ر ends a join, so ة stays isolated).
    expect(word[5]!.id).not.toBe(glyphs("ف")[0]!.id);
    expect(word[4]!.id).not.toBe(glyphs("ا")[0]!.id);
    expect(word[3]!.id).not.toBe(glyphs("ت")[0]!.id);
    expect(word[0]!.id).toBe(glyphs("ة")[0]!.id);
    // "الإجمالي": lam + alef with hamza below become one glyph.
    const total = glyphs("الإجمالي");
    expect(total.length).toBeLessThan([..."الإجمالي"].length);
    expect(total.some((g) => g.codePoints.length === 2)).toBe(true);
  });

  it("orders a mixed line by the bidirectional algorithm: Arabic words right to left, numbers and Latin left to right", () => {
    const line = "رقم الفاتورة: INV-000123";
    const { pieces, visualOrder } = bidiPieces(line, "rtl");
    const visual = visualOrder.map((i) => pieces[i]!.text).filter((text) => text.trim());
    // Read left to right on the page: the number, then the label's words from its end.
    expect(visual).toEqual(["INV-000123", "الفاتورة:", "رقم"]);
    // Brackets in right-to-left text are mirrored.
    expect(
      bidiPieces("السعر (شامل الضريبة)", "rtl")
        .pieces.map((p) => p.text)
        .join(""),
    ).toBe("السعر )شامل الضريبة(");
    // An English line with an Arabic company name keeps English order around it.
    const english = bidiPieces("Company: شركة الأمل (Al Amal LLC)", "ltr");
    const order = english.visualOrder.map((i) => english.pieces[i]!.text).filter((text) => text.trim());
    expect(order[0]).toBe("Company: ");
    expect(order.slice(1, 3)).toEqual(["الأمل", "شركة"]);
  });
});
