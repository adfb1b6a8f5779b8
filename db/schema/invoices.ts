import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { id } from "./columns";
import { orders, refunds } from "./orders";

export const TAX_DOCUMENT_KINDS = ["invoice", "credit_note"] as const;
export type TaxDocumentKind = (typeof TAX_DOCUMENT_KINDS)[number];

/** One line of a tax invoice or credit note; every amount in fils, VAT-inclusive amounts as charged. */
export type TaxLine = {
  /** English and Arabic names of the service and package, as sold. */
  description: { en: string; ar: string };
  /** List price of one unit, VAT included. */
  unitPrice: number;
  quantity: number;
  /** unitPrice × quantity. */
  gross: number;
  /** The share of the order's discount (or, on a credit note, of the invoice line) on this line. */
  discount: number;
  /** Amount excluding VAT: total − vat. */
  taxable: number;
  /** VAT rate in basis points (500 = 5 %). */
  vatRate: number;
  vat: number;
  /** Amount including VAT: gross − discount on an invoice; the amount credited on a credit note. */
  total: number;
  /** On a credit note: the index of the invoice line credited. */
  invoiceLine?: number;
};

export type TaxParty = {
  name: string;
  nameAr?: string | null;
  address?: string | null;
  addressAr?: string | null;
  trn?: string | null;
  company?: string | null;
  email?: string | null;
};

/**
 * Tax invoices (one per paid order) and tax credit notes (one per refund). Written once, never
 * changed: a database trigger refuses UPDATE and DELETE. Numbers are gapless per series, taken
 * from tax_document_series in the transaction that issues the document.
 */
export const taxDocuments = pgTable(
  "tax_documents",
  {
    id: id(),
    kind: text("kind", { enum: TAX_DOCUMENT_KINDS }).notNull(),
    series: text("series").notNull(),
    number: integer("number").notNull(),
    /** What is printed, e.g. INV-000042. */
    documentNumber: text("document_number").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    refundId: uuid("refund_id").references(() => refunds.id, { onDelete: "restrict" }),
    /** A credit note's invoice. */
    invoiceId: uuid("invoice_id").references((): AnyPgColumn => taxDocuments.id, { onDelete: "restrict" }),
    /** The client's language: the document is printed in it by default. */
    lang: text("lang", { enum: ["en", "ar"] }).notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    /** Date of supply: when the order was paid (invoice) or the refund went through (credit note). */
    supplyDate: timestamp("supply_date", { withTimezone: true }).notNull(),
    supplier: jsonb("supplier").$type<TaxParty>().notNull(),
    customer: jsonb("customer").$type<TaxParty>().notNull(),
    lines: jsonb("lines").$type<TaxLine[]>().notNull(),
    /** Basis points (500 = 5 %), as configured when the document was issued. */
    vatRate: integer("vat_rate").notNull(),
    totalTaxable: integer("total_taxable").notNull(),
    totalVat: integer("total_vat").notNull(),
    total: integer("total").notNull(),
    discount: integer("discount").notNull().default(0),
    currency: text("currency").notNull().default("AED"),
    /** A credit note's reason (the refund's). */
    reason: text("reason"),
  },
  (t) => [
    check("tax_documents_kind_check", sql`${t.kind} in ('invoice', 'credit_note')`),
    check(
      "tax_documents_totals_check",
      sql`${t.totalTaxable} + ${t.totalVat} = ${t.total} and ${t.total} >= 0 and ${t.totalVat} >= 0`,
    ),
    check(
      "tax_documents_credit_note_check",
      sql`(${t.kind} = 'invoice' and ${t.refundId} is null) or (${t.kind} = 'credit_note' and ${t.refundId} is not null and ${t.invoiceId} is not null)`,
    ),
    uniqueIndex("tax_documents_series_number_key").on(t.series, t.number),
    uniqueIndex("tax_documents_document_number_key").on(t.documentNumber),
    uniqueIndex("tax_documents_order_invoice_key")
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex("tax_documents_refund_key").on(t.refundId),
    // The accountant's list and CSV in keyset pages (decision 093): by issue time, the id breaking ties.
    index("tax_documents_issued_id_idx").on(t.issuedAt, t.id),
  ],
);

/** The next number of each series (INV, CN): one row per series, locked by the issuing transaction. */
export const taxDocumentSeries = pgTable("tax_document_series", {
  series: text("series").primaryKey(),
  nextNumber: integer("next_number").notNull(),
});

export type TaxDocument = typeof taxDocuments.$inferSelect;
