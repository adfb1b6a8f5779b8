import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessLog, orders, outbox, rateLimits, taxDocuments } from "../../db/schema";
import { resetEnvForTests } from "../../app/env.server";
import { renderTaxDocumentPdf } from "../../app/invoices/pdf.server";
import { taxDocumentDownload } from "../../app/invoices/tax-document-download.server";
import {
  issueMissingInvoices,
  parseDateRange,
  printableDocument,
  taxDocumentsCsv,
} from "../../app/invoices/tax-documents.server";
import { totalsOf, vatIncluded } from "../../app/invoices/vat";
import { deliverDueMail } from "../../app/mail/worker.server";
import { handleCheckout } from "../../app/orders/checkout.server";
import { insertCoupon } from "../../app/orders/coupons.server";
import { completeTestSession } from "../../app/payments/payments.server";
import { requestRefund } from "../../app/payments/refunds.server";
import { checkoutRequest, insertClient, validFields } from "../support/checkout-request";
import { startFakeSmtp } from "../support/fake-smtp";
import { pdfText } from "../support/pdf-text";
import { resultRows, testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";
import { strFromU8, unzipSync } from "fflate";
import { exportForDownload, requestDataExport } from "../../app/privacy/data-export.server";

const SUPPLIER = {
  SUPPLIER_NAME: "Sanad Legal Consultancy L.L.C",
  SUPPLIER_NAME_AR: "سند للاستشارات القانونية ذ.م.م",
  SUPPLIER_ADDRESS: "Office 1204, Bay Square 5, Business Bay, Dubai",
  SUPPLIER_ADDRESS_AR: "مكتب 1204، باي سكوير 5، الخليج التجاري، دبي",
  SUPPLIER_TRN: "100-1234-5670-0003",
};
/** Compares text as extracted: PDF text extractors drop the spaces between right-to-left words. */
const compact = (text: string) => text.replace(/\s+/g, "");

describe(`tax invoices and credit notes on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  let client: string;
  let admin: string;

  /** Places and pays an order (test provider) in `lang`: returns its id. */
  async function paid(
    lang: "en" | "ar",
    fields: Record<string, string> = {},
    cart = [
      { serviceType: "travel-ban", tierId: "basic", quantity: 1 },
      { serviceType: "labor-ban", tierId: "basic", quantity: 2 },
    ],
  ) {
    const outcome = await handleCheckout({
      request: checkoutRequest({ ...validFields, intent: "pay", ...fields }),
      userId: client,
      cart,
      lang,
    });
    if (outcome.kind === "paid") return outcome.orderId;
    if (outcome.kind !== "pay") throw new Error(`not placed: ${JSON.stringify(outcome).slice(0, 300)}`);
    expect(await completeTestSession(outcome.url.split("/").pop()!)).toBe("paid");
    return outcome.orderId;
  }
  const invoiceOf = async (orderId: string) =>
    (await t.handle.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId))).find(
      (d) => d.kind === "invoice",
    )!;

  beforeAll(async () => {
    Object.assign(process.env, SUPPLIER, { SESSION_SECRET: "x".repeat(32), SITE_URL: "https://sanad.example" });
    resetEnvForTests();
    client = await insertClient(t, "invoice-client@example.com", "Aisha Rahman");
    admin = await insertClient(t, "invoice-admin@example.com", "Staff", "admin");
  });
  beforeEach(async () => {
    await t.handle.db.delete(rateLimits);
  });
  afterAll(async () => {
    for (const key of Object.keys(SUPPLIER)) delete process.env[key];
    delete process.env.SITE_URL;
    delete process.env.SMTP_URL;
    resetEnvForTests();
  });

  it("Download my data carries the client's tax invoices as the PDFs they download, named in orders.json", async () => {
    const orderId = await paid("en");
    const invoice = await invoiceOf(orderId);
    const exported = await requestDataExport(
      { id: client, email: "invoice-client@example.com", fullName: "Aisha Rahman", role: "client" },
      { lang: "en", conversationId: null, clientAddress: "203.0.113.9" },
    );
    expect(exported?.status).toBe("ready");
    const archive = (await exportForDownload(exported!.id, client))!.archive;
    const files = unzipSync(new Uint8Array(archive));
    const listed = JSON.parse(strFromU8(files["orders.json"]!)) as Array<{
      id: string;
      taxDocuments: Array<{ number: string; file?: string }>;
    }>;
    const entry = listed
      .find((order) => order.id === orderId)!
      .taxDocuments.find((doc) => doc.number === invoice.documentNumber)!;
    expect(entry.file).toMatch(/^tax-documents\/.+\.pdf$/);
    const pdf = Buffer.from(files[entry.file!]!);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(compact(await pdfText(pdf))).toContain(compact(invoice.documentNumber));
  });

  it("the client downloads their invoice unrecorded; an admin's download is in the access log; other clients get nothing", async () => {
    const orderId = await paid("en");
    const invoice = await invoiceOf(orderId);
    const logged = async () => await t.handle.db.select().from(accessLog).where(eq(accessLog.documentId, invoice.id));
    const owner = {
      id: client,
      email: "invoice-client@example.com",
      fullName: "Aisha Rahman",
      role: "client" as const,
    };
    const own = await taxDocumentDownload(invoice.id, owner, { clientAddress: "203.0.113.9" });
    expect(own?.pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(await logged()).toEqual([]);
    const stranger = await insertClient(t, `invoice-stranger-${Date.now()}@example.com`, "Other Client");
    expect(
      await taxDocumentDownload(invoice.id, { id: stranger, email: "x@example.com", fullName: null, role: "client" }),
    ).toBeNull();
    const byAdmin = await taxDocumentDownload(
      invoice.id,
      { id: admin, email: "invoice-admin@example.com", fullName: "Staff", role: "admin" },
      { lang: "ar", clientAddress: "198.51.100.4" },
    );
    expect(byAdmin?.fileName).toBe(own?.fileName);
    const rows = await logged();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "document-view",
      actorId: admin,
      actorRole: "admin",
      subjectUserId: client,
      orderId,
      fileName: own?.fileName,
      clientAddress: "198.51.100.4",
    });
  });

  it("a paid order gets one tax invoice: supplier and customer details, lines with VAT at 5 % per line, totals in AED", async () => {
    await insertCoupon({ code: "TENOFF", kind: "percent", value: 10 }, t.handle.db);
    const orderId = await paid("en", {
      couponCode: "TENOFF",
      companyName: "Al Amal Trading LLC",
      companyTrn: "100 9876 5430 0003",
    });
    const invoice = await invoiceOf(orderId);
    const order = (await t.handle.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
    expect(invoice).toMatchObject({
      kind: "invoice",
      series: "INV",
      documentNumber: `INV-${String(invoice.number).padStart(6, "0")}`,
      lang: "en",
      vatRate: 500,
      currency: "AED",
      total: order.amount,
      discount: order.discount,
      supplier: {
        name: SUPPLIER.SUPPLIER_NAME,
        nameAr: SUPPLIER.SUPPLIER_NAME_AR,
        address: SUPPLIER.SUPPLIER_ADDRESS,
        trn: "100123456700003",
      },
      customer: {
        name: "Aisha Rahman",
        email: "aisha@example.com",
        company: "Al Amal Trading LLC",
        trn: "100987654300003",
        address: "Dubai",
      },
    });
    // Both basic checks cost 650 AED: 195,000 fils, 10 % off, the discount shared in proportion.
    expect(order).toMatchObject({ subtotal: 195_000, discount: 19_500, amount: 175_500 });
    expect(invoice.lines).toHaveLength(2);
    expect(
      invoice.lines.map((l) => [l.unitPrice, l.quantity, l.gross, l.discount, l.total]).sort((a, b) => a[1]! - b[1]!),
    ).toEqual([
      [65_000, 1, 65_000, 6_500, 58_500],
      [65_000, 2, 130_000, 13_000, 117_000],
    ]);
    for (const line of invoice.lines)
      expect(line).toMatchObject({
        vat: vatIncluded(line.total, 500),
        taxable: line.total - vatIncluded(line.total, 500),
        vatRate: 500,
      });
    expect(totalsOf(invoice.lines)).toMatchObject({
      total: invoice.total,
      vat: invoice.totalVat,
      taxable: invoice.totalTaxable,
    });
    expect(invoice.lines.find((l) => l.quantity === 1)!.description).toEqual({
      en: "Travel Ban Check · Basic",
      ar: expect.stringContaining("·"),
    });
  });

  it("an issued document cannot be changed or deleted, even by hand in the database", async () => {
    const invoice = await invoiceOf(await paid("en"));
    // The trigger's message, under the driver's "Failed query" wrapper.
    const refusedAsImmutable = (error: unknown) =>
      /immutable/.test(String((error as { cause?: Error }).cause?.message ?? error));
    await expect(
      t.handle.db.update(taxDocuments).set({ total: 1 }).where(eq(taxDocuments.id, invoice.id)),
    ).rejects.toSatisfy(refusedAsImmutable);
    await expect(t.handle.db.delete(taxDocuments).where(eq(taxDocuments.id, invoice.id))).rejects.toSatisfy(
      refusedAsImmutable,
    );
    expect((await invoiceOf(invoice.orderId)).total).toBe(invoice.total);
  });

  it("numbers are gapless and unique when many orders are paid at the same moment", async () => {
    const before = resultRows(
      await t.handle.db.execute(sql`select coalesce(max(number), 0)::int as n from tax_documents where series = 'INV'`),
    )[0]!.n as number;
    const placed = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const outcome = await handleCheckout({
          request: checkoutRequest({ ...validFields, intent: "pay" }),
          userId: client,
          cart: [{ serviceType: "travel-ban", tierId: "basic", quantity: 1 + (i % 3) }],
          lang: i % 2 ? "ar" : "en",
        });
        if (outcome.kind !== "pay") throw new Error("not placed");
        return outcome.url.split("/").pop()!;
      }),
    );
    expect(new Set(await Promise.all(placed.map((session) => completeTestSession(session))))).toEqual(
      new Set(["paid"]),
    );
    const numbers = (
      await t.handle.db.select({ number: taxDocuments.number }).from(taxDocuments).where(eq(taxDocuments.series, "INV"))
    )
      .map((r) => r.number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    expect(numbers.at(-1)).toBe(before + 12);
  });

  it("the PDF states every required field, in English and, for an Arabic client, in Arabic (shaped, right to left, extractable)", async () => {
    const english = await printableDocument(
      (await invoiceOf(await paid("en", { companyName: "Al Amal Trading LLC", companyTrn: "100987654300003" }))).id,
    );
    const text = compact(await pdfText(await renderTaxDocumentPdf(english!)));
    for (const required of [
      "Tax Invoice",
      english!.documentNumber,
      "Date of issue",
      "Date of supply",
      SUPPLIER.SUPPLIER_NAME,
      SUPPLIER.SUPPLIER_ADDRESS,
      "TRN: 100123456700003",
      "Aisha Rahman",
      "Company: Al Amal Trading LLC",
      "TRN: 100987654300003",
      "Travel Ban Check · Basic",
      "Unit price (incl. VAT)",
      "Taxable amount",
      "VAT rate",
      "VAT amount",
      "650.00",
      "619.05",
      "30.95",
      "5%",
      "Total excluding VAT",
      "Total including VAT (AED)",
      "All amounts in AED",
    ]) {
      expect(text, required).toContain(compact(required));
    }

    const arabic = await printableDocument((await invoiceOf(await paid("ar"))).id);
    const arabicText = compact(await pdfText(await renderTaxDocumentPdf(arabic!)));
    for (const required of [
      "فاتورة ضريبية",
      arabic!.documentNumber,
      "رقم الفاتورة",
      "تاريخ الإصدار",
      "تاريخ التوريد",
      SUPPLIER.SUPPLIER_NAME_AR,
      "الخليج التجاري",
      "رقم التسجيل الضريبي",
      "100123456700003",
      "Aisha Rahman",
      "فحص حظر السفر",
      "الكمية",
      "المبلغ الخاضع",
      "نسبة الضريبة",
      "مبلغ الضريبة",
      "الإجمالي غير شامل ضريبة القيمة المضافة",
      "الإجمالي شامل ضريبة القيمة المضافة",
      "جميع المبالغ بالدرهم الإماراتي",
      "650.00",
      "30.95",
    ]) {
      expect(arabicText, required).toContain(compact(required));
    }
    // The same immutable document can be printed in the other language on request.
    expect(compact(await pdfText(await renderTaxDocumentPdf(arabic!, "en")))).toContain("TaxInvoice");
  });

  it("a refund gets a credit note: its own gapless series, the invoice it credits, the reason, in the client's language", async () => {
    const orderId = await paid("ar");
    const outcome = await requestRefund({
      orderId,
      amount: "100",
      reason: "تأخر تقديم الخدمة",
      requestKey: crypto.randomUUID(),
      actorId: admin,
    });
    expect(outcome).toMatchObject({ ok: true, refund: { status: "succeeded" } });
    const documents = await t.handle.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId));
    const note = documents.find((d) => d.kind === "credit_note")!;
    const invoice = documents.find((d) => d.kind === "invoice")!;
    expect(note).toMatchObject({
      series: "CN",
      invoiceId: invoice.id,
      total: 10_000,
      reason: "تأخر تقديم الخدمة",
      lang: "ar",
    });
    const printable = await printableDocument(note.id);
    expect(printable!.invoiceNumber).toBe(invoice.documentNumber);
    const arabicText = compact(await pdfText(await renderTaxDocumentPdf(printable!)));
    for (const required of [
      "إشعار دائن ضريبي",
      note.documentNumber,
      "إشعار دائن للفاتورة الضريبية",
      invoice.documentNumber,
      "تأخر تقديم الخدمة",
      "100.00",
    ])
      expect(arabicText, required).toContain(compact(required));
    const englishText = compact(await pdfText(await renderTaxDocumentPdf(printable!, "en")));
    for (const required of [
      "Tax Credit Note",
      "Credit note for tax invoice",
      invoice.documentNumber,
      "Total credited including VAT (AED)",
    ])
      expect(englishText, required).toContain(compact(required));
  });

  it("the accountant's CSV lists invoices and credit notes (negative) issued in the range; bad ranges are refused", async () => {
    const today = new Date(Date.now() + 4 * 3600_000).toISOString().slice(0, 10);
    const parsed = parseDateRange(new URLSearchParams({ from: today, to: today }));
    if (!parsed.ok) throw new Error("range refused");
    let csv = "";
    for await (const chunk of taxDocumentsCsv(parsed.range, 5)) csv += chunk;
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Document number,Type,Issued (Gulf time),Date of supply,Order ID,Credits invoice,Customer,Customer email,Company,Customer TRN,Taxable amount (AED),VAT rate (%),VAT (AED),Total (AED),Reason",
    );
    const all = await t.handle.db.select().from(taxDocuments);
    expect(lines).toHaveLength(all.length + 1);
    const credit = lines.find((line) => line.startsWith("CN-"))!;
    expect(credit).toMatch(/^CN-\d{6},Tax credit note,.*,INV-\d{6},.*,-95\.24,5,-4\.76,-100,/);
    expect(lines.filter((line) => line.startsWith("INV-"))).toHaveLength(
      all.filter((d) => d.kind === "invoice").length,
    );
    expect(parseDateRange(new URLSearchParams({ from: "2026-02-30", to: today }))).toMatchObject({
      ok: false,
      error: "from",
    });
    expect(parseDateRange(new URLSearchParams({ from: today, to: "yesterday" }))).toMatchObject({
      ok: false,
      error: "to",
    });
    expect(parseDateRange(new URLSearchParams({ from: "2026-03-02", to: "2026-03-01" }))).toMatchObject({
      ok: false,
      error: "order",
    });
    const empty = parseDateRange(new URLSearchParams({ from: "2001-01-01", to: "2001-01-31" }));
    if (!empty.ok) throw new Error("range refused");
    let none = "";
    for await (const chunk of taxDocumentsCsv(empty.range)) none += chunk;
    expect(none.trim().split("\r\n")).toHaveLength(1);
  });

  it("the payment confirmation mail carries the invoice PDF", async () => {
    const smtp = await startFakeSmtp();
    try {
      process.env.SMTP_URL = smtp.url;
      resetEnvForTests();
      await t.handle.db.update(outbox).set({ status: "held" });
      const orderId = await paid("en");
      const invoice = await invoiceOf(orderId);
      await deliverDueMail({ log: () => {} });
      const mail = smtp.messages.find(
        (m) => m.subject.startsWith("Payment received") && m.subject.includes(orderId.slice(0, 8)),
      )!;
      expect(mail.text).toContain(invoice.documentNumber);
      expect(mail.attachments).toMatchObject([
        { filename: `tax-invoice-${invoice.documentNumber}.pdf`, contentType: "application/pdf" },
      ]);
      const pdf = Buffer.from(mail.attachments[0]!.base64, "base64");
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      expect(compact(await pdfText(pdf))).toContain(invoice.documentNumber);
    } finally {
      delete process.env.SMTP_URL;
      resetEnvForTests();
      await smtp.close();
    }
  });

  it("orders paid before invoicing existed get their invoice from the background job, once", async () => {
    const [legacy] = await t.handle.db
      .insert(orders)
      .values({
        userId: client,
        serviceType: "Contract Review",
        tierName: "Basic",
        amount: 120_000,
        subtotal: 120_000,
        paymentStatus: "paid",
        paidAt: new Date(Date.now() - 86_400_000),
        legalName: "Old Client",
        email: "old@example.com",
      })
      .returning();
    expect(await issueMissingInvoices()).toBeGreaterThanOrEqual(1);
    expect(await issueMissingInvoices()).toBe(0);
    expect(await invoiceOf(legacy!.id)).toMatchObject({
      total: 120_000,
      totalVat: vatIncluded(120_000, 500),
      customer: { name: "Old Client" },
      lines: [{ description: { en: "Contract Review · Basic" }, quantity: 1 }],
    });
  });
});
