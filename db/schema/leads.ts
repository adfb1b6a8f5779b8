import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";

export const INQUIRY_KINDS = ["inquiry", "travel-check", "wizard"] as const;
export type InquiryKind = (typeof INQUIRY_KINDS)[number];
export const INQUIRY_STATUSES = ["new", "contacted", "closed"] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

/**
 * Everything a visitor asks us through a form: the inquiry form, the travel-ban check request and
 * the request wizard. Written before success is shown; text cleaned before it is stored.
 */
export const inquiries = pgTable(
  "inquiries",
  {
    id: id(),
    kind: text("kind", { enum: INQUIRY_KINDS }).notNull().default("inquiry"),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    country: text("country"),
    documentId: text("document_id"),
    serviceType: text("service_type").notNull().default("general"),
    message: text("message"),
    /** Fields particular to a form (nationality, Emirates ID, passport number…). */
    details: jsonb("details").$type<Record<string, string>>().notNull().default({}),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    sourcePageUrl: text("source_page_url"),
    lang: text("lang", { enum: ["en", "ar"] })
      .notNull()
      .default("en"),
    status: text("status", { enum: INQUIRY_STATUSES }).notNull().default("new"),
    /** A random id the form carries: a double-clicked submit stores one inquiry, not two. */
    submissionId: text("submission_id"),
    /** When we first answered (its status left "new"): a check request's retention period counts from it. */
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    /** What the back office's search matches (name, e-mail, phone), lower-cased; trigram-indexed. */
    searchText: text("search_text").generatedAlwaysAs(sql`lower(full_name || ' ' || email || ' ' || phone)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("inquiries_kind_check", sql`${t.kind} in ('inquiry', 'travel-check', 'wizard')`),
    check("inquiries_status_check", sql`${t.status} in ('new', 'contacted', 'closed')`),
    check("inquiries_lang_check", sql`${t.lang} in ('en', 'ar')`),
    uniqueIndex("inquiries_submission_key").on(t.submissionId),
    // The back office's list in keyset pages (decision 093): one index per filter it offers, each in
    // the list's order (newest first, the id breaking ties), and the search's trigram index.
    index("inquiries_created_id_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("inquiries_status_created_id_idx").on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("inquiries_service_created_id_idx").on(
      t.serviceType,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("inquiries_status_service_created_id_idx").on(
      t.status,
      t.serviceType,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("inquiries_search_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

export type Inquiry = typeof inquiries.$inferSelect;
