import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import {
  orderEvents,
  orderItems,
  orders,
  PAID_STATUSES,
  refunds,
  taxDocuments,
  taxDocumentSeries,
  users,
  type Order,
  type TaxDocument,
  type TaxLine,
  type TaxParty,
} from "../../db/schema";
import { isServiceKey, serviceName } from "../catalogue";
import { db, type Queryable, type Transaction } from "../db.server";
import { getEnv } from "../env.server";
import { localTierName } from "../orders/order-names.server";
import { readKeysetPage, timestampCursorFromParams, timestampKeyset, type PageCursor } from "../admin/keyset.server";
import { csvLine, csvResponse } from "../utils/csv.server";
import { isUuid } from "../utils/ids";
import { creditLines, invoiceLines, totalsOf, type Credited, type LineInput, type VatLine } from "./vat";

/** Series and their printed prefixes: one gapless sequence each. */
export const SERIES = { invoice: "INV", credit_note: "CN" } as const;

/** INV-000042: the number padded to six digits (more digits once past 999,999). */
export function documentNumber(series: string, number: number) {
  return `${series}-${String(number).padStart(6, "0")}`;
}

/**
 * Takes the next number of a series inside the issuing transaction. The series row is created or
 * incremented by one statement that locks it until the transaction ends, so concurrent issuers
 * (on any number of app instances) queue, each gets the next number, and a rolled-back issue gives
 * its number back: no gaps, no repeats. (A PostgreSQL sequence would skip numbers on rollback.)
 */
export async function takeNextNumber(tx: Transaction, series: string): Promise<number> {
  const [row] = await tx
    .insert(taxDocumentSeries)
    .values({ series, nextNumber: 2 })
    .onConflictDoUpdate({
      target: taxDocumentSeries.series,
      set: { nextNumber: sql`${taxDocumentSeries.nextNumber} + 1` },
    })
    .returning({ nextNumber: taxDocumentSeries.nextNumber });
  return row!.nextNumber - 1;
}

/** The seller as configured now (copied into each document, so later changes never alter it). */
export function supplierParty(): TaxParty {
  const env = getEnv();
  return {
    name: env.SUPPLIER_NAME,
    nameAr: env.SUPPLIER_NAME_AR,
    address: env.SUPPLIER_ADDRESS,
    addressAr: env.SUPPLIER_ADDRESS_AR,
    trn: env.SUPPLIER_TRN,
  };
}

function customerParty(order: Order, account: { fullName: string | null; email: string }): TaxParty {
  return {
    name: order.legalName || account.fullName || account.email,
    email: order.email || account.email,
    company: order.customerCompany,
    trn: order.customerTrn,
    address: order.state,
  };
}

/** The order's lines as sold, named in both languages; one summary line for orders kept without lines. */
async function lineInputs(tx: Queryable, order: Order): Promise<LineInput[]> {
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
  const named = items.map((item) => ({
    description: {
      en: `${isServiceKey(item.serviceKey) ? serviceName(item.serviceKey, "en") : order.serviceType} · ${item.tierName}`,
      ar: `${isServiceKey(item.serviceKey) ? serviceName(item.serviceKey, "ar") : order.serviceType} · ${localTierName(item, "ar")}`,
    },
    unitPrice: item.unitPrice,
    quantity: item.quantity,
  }));
  const gross = named.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  if (named.length && gross === order.subtotal) return named;
  // Lines missing or not adding up to the stored subtotal: bill the order as one line of its subtotal.
  const summary = `${order.serviceType} · ${order.tierName}`;
  return [{ description: { en: summary, ar: summary }, unitPrice: order.subtotal, quantity: 1 }];
}

/**
 * The order's tax invoice, issued now if it has none (in the caller's transaction: the payment's,
 * so a paid order and its invoice exist together). Orders paid before invoicing existed get theirs
 * from the background job. Lines as sold; the discount shared among them; VAT per line.
 */
export async function ensureInvoice(tx: Transaction, orderId: string, now = new Date()): Promise<TaxDocument> {
  const existing = await invoiceOf(orderId, tx);
  if (existing) return existing;
  const [row] = await tx
    .select({ order: orders, account: { fullName: users.fullName, email: users.email } })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .for("update", { of: orders });
  if (!row) throw new Error(`no order ${orderId}`);
  // Locked now: another transaction may have issued it while this one waited.
  const issued = await invoiceOf(orderId, tx);
  if (issued) return issued;
  const { order, account } = row;
  const rate = getEnv().VAT_RATE;
  let lines = invoiceLines(await lineInputs(tx, order), order.discount, rate);
  if (totalsOf(lines).total !== order.amount) {
    // Stored amounts that do not agree (hand-made data): the invoice states what was charged.
    const summary = `${order.serviceType} · ${order.tierName}`;
    lines = invoiceLines(
      [{ description: { en: summary, ar: summary }, unitPrice: order.amount, quantity: 1 }],
      0,
      rate,
    );
  }
  const totals = totalsOf(lines);
  const number = await takeNextNumber(tx, SERIES.invoice);
  const [document] = await tx
    .insert(taxDocuments)
    .values({
      kind: "invoice",
      series: SERIES.invoice,
      number,
      documentNumber: documentNumber(SERIES.invoice, number),
      orderId,
      lang: order.lang,
      issuedAt: now,
      supplyDate: order.paidAt ?? now,
      supplier: supplierParty(),
      customer: customerParty(order, account),
      lines: lines satisfies TaxLine[],
      vatRate: rate,
      totalTaxable: totals.taxable,
      totalVat: totals.vat,
      total: totals.total,
      discount: totals.discount,
    })
    .returning();
  await tx.insert(orderEvents).values({ orderId, kind: "invoice", toValue: document!.documentNumber });
  return document!;
}

/** The tax credit note of a refund that went through, issued now if it has none. */
export async function ensureCreditNote(tx: Transaction, refundId: string, now = new Date()): Promise<TaxDocument> {
  const [existing] = await tx.select().from(taxDocuments).where(eq(taxDocuments.refundId, refundId)).limit(1);
  if (existing) return existing;
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).limit(1);
  if (!refund || refund.status !== "succeeded") throw new Error(`refund ${refundId} has not gone through`);
  const invoice = await ensureInvoice(tx, refund.orderId, now);
  // Serialised per order by the order's row lock that ensureInvoice (or the caller) holds.
  const earlier = await tx
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.invoiceId, invoice.id), eq(taxDocuments.kind, "credit_note")));
  const credited: Credited[] = invoice.lines.map(() => ({ total: 0, vat: 0 }));
  for (const note of earlier) {
    for (const line of note.lines) {
      const index = line.invoiceLine ?? 0;
      credited[index] = { total: credited[index]!.total + line.total, vat: credited[index]!.vat + line.vat };
    }
  }
  const left = invoice.total - credited.reduce((sum, c) => sum + c.total, 0);
  // A refund can only exceed what is left to credit on hand-made data: credit what is left.
  const amount = Math.min(refund.amount, left);
  const lines: VatLine[] = amount > 0 ? creditLines(invoice.lines, credited, amount) : [];
  const totals = totalsOf(lines);
  const number = await takeNextNumber(tx, SERIES.credit_note);
  const [document] = await tx
    .insert(taxDocuments)
    .values({
      kind: "credit_note",
      series: SERIES.credit_note,
      number,
      documentNumber: documentNumber(SERIES.credit_note, number),
      orderId: refund.orderId,
      refundId,
      invoiceId: invoice.id,
      lang: invoice.lang,
      issuedAt: now,
      supplyDate: refund.completedAt ?? now,
      supplier: supplierParty(),
      customer: invoice.customer,
      lines,
      vatRate: invoice.vatRate,
      totalTaxable: totals.taxable,
      totalVat: totals.vat,
      total: totals.total,
      reason: refund.reason,
    })
    .returning();
  await tx.insert(orderEvents).values({ orderId: refund.orderId, kind: "invoice", toValue: document!.documentNumber });
  return document!;
}

export async function invoiceOf(orderId: string, q: Queryable = db): Promise<TaxDocument | undefined> {
  const [document] = await q
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, "invoice")))
    .limit(1);
  return document;
}

/** An order's invoice and credit notes, oldest first. */
export async function taxDocumentsOfOrder(orderId: string, q: Queryable = db): Promise<TaxDocument[]> {
  return q
    .select()
    .from(taxDocuments)
    .where(eq(taxDocuments.orderId, orderId))
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.number));
}

/** A tax document and its order's client, if `viewer` may read it: admins all, clients those of their own orders (staff none: money is admins'). */
export async function taxDocumentForViewer(
  documentId: string,
  viewer: { id: string; role: "client" | "staff" | "admin" },
) {
  if (!isUuid(documentId)) return null;
  const [row] = await db
    .select({ document: taxDocuments, ownerId: orders.userId })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(eq(taxDocuments.id, documentId))
    .limit(1);
  if (!row) return null;
  if (viewer.role !== "admin" && row.ownerId !== viewer.id) return null;
  return row;
}

/** A document with the number of the invoice it credits, ready to print; undefined when unknown. */
export async function printableDocument(documentId: string, q: Queryable = db) {
  if (!isUuid(documentId)) return undefined;
  const [document] = await q.select().from(taxDocuments).where(eq(taxDocuments.id, documentId)).limit(1);
  if (!document) return undefined;
  const invoice = document.invoiceId
    ? (
        await q
          .select({ number: taxDocuments.documentNumber })
          .from(taxDocuments)
          .where(eq(taxDocuments.id, document.invoiceId))
          .limit(1)
      )[0]
    : undefined;
  return { ...document, invoiceNumber: invoice?.number ?? null };
}

/**
 * Paid orders without an invoice (paid before invoicing existed, or by hand) get one, oldest
 * payment first, a few per call; several instances may run this at once (SKIP LOCKED).
 */
export async function issueMissingInvoices(batchSize = 20): Promise<number> {
  let issued = 0;
  for (let i = 0; i < batchSize; i++) {
    const done = await db.transaction(async (tx) => {
      const [candidate] = await tx
        .select({ id: orders.id })
        .from(orders)
        .leftJoin(taxDocuments, and(eq(taxDocuments.orderId, orders.id), eq(taxDocuments.kind, "invoice")))
        .where(and(inArray(orders.paymentStatus, PAID_STATUSES), isNull(taxDocuments.id)))
        .orderBy(asc(sql`coalesce(${orders.paidAt}, ${orders.createdAt})`), asc(orders.id))
        .limit(1)
        .for("update", { of: orders, skipLocked: true });
      if (!candidate) return false;
      await ensureInvoice(tx, candidate.id);
      return true;
    });
    if (!done) break;
    issued++;
  }
  return issued;
}

// ---------------------------------------------------------------------------------------------
// The accountant's export

/** A Gulf-time calendar date (YYYY-MM-DD) as the instant its day starts (UTC+4, no daylight saving). */
export function gulfDayStart(date: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(year, month - 1, day));
  if (year < 2000 || utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day)
    return null;
  return new Date(utc.getTime() - 4 * 3600_000);
}

export type DateRange = { from: string; to: string; start: Date; end: Date };
export type DateRangeError = "from" | "to" | "order" | "span";

/** Reads ?from=&to= (Gulf dates, both days included); the current month when both are absent. */
export function parseDateRange(
  params: URLSearchParams,
  now = new Date(),
): { ok: true; range: DateRange } | { ok: false; error: DateRangeError; from: string; to: string } {
  const today = new Date(now.getTime() + 4 * 3600_000).toISOString().slice(0, 10);
  const from = (params.get("from") ?? "").trim().slice(0, 20) || `${today.slice(0, 8)}01`;
  const to = (params.get("to") ?? "").trim().slice(0, 20) || today;
  const start = gulfDayStart(from);
  if (!start) return { ok: false, error: "from", from, to };
  const lastDay = gulfDayStart(to);
  if (!lastDay) return { ok: false, error: "to", from, to };
  if (lastDay.getTime() < start.getTime()) return { ok: false, error: "order", from, to };
  // Ten years is more than any accountant asks for at once; beyond that it is a typo.
  if (lastDay.getTime() - start.getTime() > 3660 * 86_400_000) return { ok: false, error: "span", from, to };
  return { ok: true, range: { from, to, start, end: new Date(lastDay.getTime() + 86_400_000) } };
}

export type TaxDocumentRow = TaxDocument & { invoiceNumber: string | null };

export const TAX_DOCUMENT_PAGE_SIZE = 50;
const oldestFirst = timestampKeyset(taxDocuments.issuedAt, taxDocuments.id, false);

/** What a page cursor is signed for: the list and its period (a cursor of another period opens the first page). */
export function taxDocumentListScope(range: Pick<DateRange, "from" | "to">) {
  return JSON.stringify(["tax-documents", range.from, range.to]);
}

/** The page cursor a URL asks for (`after`/`before`), for this period; null: the first page. */
export function taxDocumentCursor(params: URLSearchParams, range: Pick<DateRange, "from" | "to">) {
  return timestampCursorFromParams(params, taxDocumentListScope(range));
}

/** Documents issued in the range beyond a cursor, oldest first (or backwards), on the (issued_at, id) index; exported for the query-plan test. */
export function taxDocumentPageQuery(
  range: Pick<DateRange, "start" | "end">,
  cursor: PageCursor | null,
  limit: number,
  q: Queryable = db,
) {
  const invoices = q
    .$with("invoices")
    .as(
      q
        .select({ id: taxDocuments.id, number: taxDocuments.documentNumber })
        .from(taxDocuments)
        .where(eq(taxDocuments.kind, "invoice")),
    );
  const beyond = oldestFirst.condition(cursor);
  return q
    .with(invoices)
    .select({ document: taxDocuments, invoiceNumber: invoices.number, k: oldestFirst.key })
    .from(taxDocuments)
    .leftJoin(invoices, eq(invoices.id, taxDocuments.invoiceId))
    .where(and(gte(taxDocuments.issuedAt, range.start), lt(taxDocuments.issuedAt, range.end), beyond))
    .orderBy(...oldestFirst.orderBy(cursor))
    .limit(limit);
}

async function readTaxDocuments(range: Pick<DateRange, "start" | "end">, cursor: PageCursor | null, limit: number) {
  const rows = await taxDocumentPageQuery(range, cursor, limit);
  return rows.map((r) => ({ ...r.document, invoiceNumber: r.invoiceNumber, k: r.k }));
}

/**
 * One page of the invoices and credit notes issued in the range, oldest first (keyset pages,
 * decision 093), with the period's count and net totals (summed over the period asked for: a
 * month by default, whatever the size of the table). A stale, altered or foreign cursor opens the first page.
 */
export async function listTaxDocuments(
  range: DateRange,
  { cursor = null, pageSize = TAX_DOCUMENT_PAGE_SIZE }: { cursor?: PageCursor | null; pageSize?: number } = {},
) {
  const where = and(gte(taxDocuments.issuedAt, range.start), lt(taxDocuments.issuedAt, range.end));
  const [page, [count]] = await Promise.all([
    readKeysetPage(cursor, pageSize, taxDocumentListScope(range), (at, limit) => readTaxDocuments(range, at, limit)),
    db
      .select({
        n: sql<number>`count(*)::int`,
        total: sql<number>`coalesce(sum(case when ${taxDocuments.kind} = 'invoice' then ${taxDocuments.total} else -${taxDocuments.total} end), 0)::int`,
        vat: sql<number>`coalesce(sum(case when ${taxDocuments.kind} = 'invoice' then ${taxDocuments.totalVat} else -${taxDocuments.totalVat} end), 0)::int`,
      })
      .from(taxDocuments)
      .where(where),
  ]);
  return {
    ...page,
    count: Number(count?.n ?? 0),
    netTotal: Number(count?.total ?? 0),
    netVat: Number(count?.vat ?? 0),
  };
}

/** Newest documents first (for tests and diagnostics). */
export async function latestTaxDocuments(limit = 20) {
  return db.select().from(taxDocuments).orderBy(desc(taxDocuments.issuedAt)).limit(limit);
}

export const TAX_CSV_HEADER = [
  "Document number",
  "Type",
  "Issued (Gulf time)",
  "Date of supply",
  "Order ID",
  "Credits invoice",
  "Customer",
  "Customer email",
  "Company",
  "Customer TRN",
  "Taxable amount (AED)",
  "VAT rate (%)",
  "VAT (AED)",
  "Total (AED)",
  "Reason",
];

const gulfDateTime = (date: Date) =>
  new Date(date.getTime() + 4 * 3600_000).toISOString().slice(0, 16).replace("T", " ");
/** Fils as AED with two decimals, as a number: credit notes negative, so a column sums to the net. */
const signedAed = (fils: number, credit: boolean) => Number(((credit ? -fils : fils) / 100).toFixed(2));

/**
 * Invoices and credit notes issued in the range as CSV for the accountant: one row per document,
 * credit notes with negative amounts, in batches so memory stays flat. Starts with a BOM (Arabic names).
 */
export async function* taxDocumentsCsv(
  range: Pick<DateRange, "start" | "end">,
  batchSize = 500,
): AsyncGenerator<string> {
  yield "\uFEFF" + csvLine(TAX_CSV_HEADER);
  // Keyset batches on the (issued_at, id) index: each batch costs what the first does.
  let cursor: PageCursor | null = null;
  for (;;) {
    const rows = await readTaxDocuments(range, cursor, batchSize);
    if (!rows.length) return;
    yield rows
      .map((d) => {
        const credit = d.kind === "credit_note";
        return csvLine([
          d.documentNumber,
          credit ? "Tax credit note" : "Tax invoice",
          gulfDateTime(d.issuedAt),
          gulfDateTime(d.supplyDate).slice(0, 10),
          d.orderId,
          d.invoiceNumber,
          d.customer.name,
          d.customer.email,
          d.customer.company,
          d.customer.trn,
          signedAed(d.totalTaxable, credit),
          d.vatRate / 100,
          signedAed(d.totalVat, credit),
          signedAed(d.total, credit),
          d.reason,
        ]);
      })
      .join("");
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { direction: "after", position: { key: last.k, id: last.id } };
  }
}

export function taxDocumentsCsvResponse(range: DateRange) {
  return csvResponse(taxDocumentsCsv(range), `tax-documents-${range.from}-to-${range.to}.csv`);
}
