/**
 * How long personal data is kept. The Data Retention Policy page states these periods; the
 * clean-up jobs that delete the data use the same constants, so the page and the behaviour
 * cannot drift apart. (Assistant conversations and performance measurements keep their periods
 * next to their own clean-up code; the policy page reads them from there.)
 */
export const RETENTION = {
  /** Inquiries that did not become an order, counted from the last message. */
  inquiryMonths: 12,
  /** Travel-ban and other check requests (Emirates ID or passport number), counted from our reply. */
  checkRequestDays: 90,
  /** Documents uploaded with an order and the reports delivered, counted from the order's completion. */
  orderDocumentMonths: 12,
  /** Orders, invoices and payment records (UAE commercial and tax record keeping). */
  orderRecordYears: 5,
  /** A closed account's profile is deleted within this many days of the request. */
  closedAccountDays: 30,
  /** Copies of e-mails we sent. */
  sentMailDays: 90,
  /** Security logs and rate-limit records. */
  securityLogDays: 30,
} as const;
