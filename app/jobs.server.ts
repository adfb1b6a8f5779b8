import { announceAdminSetup } from "./auth/admin-setup.server";
import { refundAcceptedCancellations } from "./cases/refund.server";
import { deleteExpiredSessions } from "./auth/session.server";
import { DEFAULT_SUPPLIER, getEnv } from "./env.server";
import "./invoices/mail-attachment.server";
import "./consultations/booking-mail.server";
import { sendDueReminders } from "./consultations/reminders.server";
import { issueMissingInvoices } from "./invoices/tax-documents.server";
import { expireUnpaidOrders } from "./orders/expiry.server";
import { reconcilePendingRefunds } from "./payments/refunds.server";
import { startMailWorker } from "./mail/worker.server";
import { reencryptStoredData } from "./privacy/encryption-jobs.server";
import { runRetentionJobs } from "./privacy/retention-jobs.server";
import { buildQueuedExports } from "./privacy/data-export.server";
import { seedDemoCoupon } from "./orders/coupons.server";
import { pruneRateLimits } from "./http/rate-limit.server";
import { pruneSubmissionKeys } from "./forms/submission-keys.server";

type Logger = (message: string) => void;

const timers: NodeJS.Timeout[] = [];
const stoppers: Array<() => Promise<void>> = [];

/** Background work of the server process: mail delivery and housekeeping. */
export async function startBackgroundJobs({ log }: { log: Logger }) {
  const prune = () => pruneRateLimits().catch((error: unknown) => log(`rate-limit pruning failed: ${String(error)}`));
  timers.push(setInterval(prune, 10 * 60 * 1000).unref());
  // Sessions past their expiry (signed-in ones after 14 days, half-way ones after minutes) are deleted.
  const expireSessions = () => deleteExpiredSessions().catch((error: unknown) => log(`session clean-up failed: ${String(error)}`));
  timers.push(setInterval(expireSessions, 10 * 60 * 1000).unref());
  const pruneKeys = () => pruneSubmissionKeys().catch((error: unknown) => log(`submission-key pruning failed: ${String(error)}`));
  timers.push(setInterval(pruneKeys, 60 * 60 * 1000).unref());
  // Retention (app/privacy/retention.ts): every kind of data the Data Retention Policy lists, hourly.
  const retention = () => runRetentionJobs(new Date(), log).catch((error: unknown) => log(`retention jobs failed: ${String(error)}`));
  timers.push(setInterval(() => void retention(), 60 * 60 * 1000).unref());
  // "Download my data" archives too large to build during the request.
  const exports = () => buildQueuedExports(log).catch((error: unknown) => log(`data exports failed: ${String(error)}`));
  timers.push(setInterval(() => void exports(), 60 * 1000).unref());
  // Unpaid orders are cancelled after UNPAID_ORDER_EXPIRY_HOURS, giving their coupon use back.
  const expireOrders = () => expireUnpaidOrders({ log }).catch((error: unknown) => log(`unpaid-order expiry failed: ${String(error)}`));
  timers.push(setInterval(expireOrders, 10 * 60 * 1000).unref());
  // Refunds the payment provider has not confirmed (or could not be reached for) are asked about again.
  const reconcileRefunds = () => reconcilePendingRefunds().catch((error: unknown) => log(`refund reconciliation failed: ${String(error)}`));
  timers.push(setInterval(reconcileRefunds, 2 * 60 * 1000).unref());
  // Accepted cancellations of paid orders whose refund was never asked for (the process stopped on the way).
  const cancellationRefunds = () => refundAcceptedCancellations().catch((error: unknown) => log(`refunds of accepted cancellations failed: ${String(error)}`));
  timers.push(setInterval(cancellationRefunds, 5 * 60 * 1000).unref());
  // Consultation reminders, 24 hours and 1 hour before (each once across processes: SKIP LOCKED).
  const reminders = () => sendDueReminders().catch((error: unknown) => log(`consultation reminders failed: ${String(error)}`));
  timers.push(setInterval(reminders, 60 * 1000).unref());
  for (const register of jobRegistry) stoppers.push(await register(log));
}

export async function stopBackgroundJobs() {
  for (const timer of timers.splice(0)) clearInterval(timer);
  for (const stop of stoppers.splice(0)) await stop();
}

/** Jobs started with the server; each returns its stop function. */
const jobRegistry: Array<(log: Logger) => Promise<() => Promise<void>>> = [
  async (log) => startMailWorker(log),
  // Documents and two-factor secrets stored before encryption at rest are encrypted once, at start.
  async (log) => {
    void reencryptStoredData()
      .then((done) => (done.documents || done.exports || done.secrets ? log(`encrypted at rest: ${done.documents} documents, ${done.exports} archives, ${done.secrets} two-factor secrets stored in plain before`) : undefined))
      .catch((error: unknown) => log(`encrypting stored data failed: ${error instanceof Error ? error.message : String(error)}`));
    return async () => {};
  },
  // While no admin exists, print the one-time link to create the first one.
  async (log) => {
    await announceAdminSetup(log).catch((error: unknown) => log(`admin set-up link not created: ${String(error)}`));
    return async () => {};
  },
  // Paid orders without a tax invoice (paid before invoicing existed) get one, now and hourly.
  async (log) => {
    const env = getEnv();
    if (env.isProduction && env.SUPPLIER_TRN === DEFAULT_SUPPLIER.trn) log("WARNING: SUPPLIER_TRN is not set: tax invoices carry the placeholder TRN. Set SUPPLIER_NAME, SUPPLIER_ADDRESS and SUPPLIER_TRN.");
    const backfill = () => issueMissingInvoices().catch((error: unknown) => log(`issuing missing invoices failed: ${String(error)}`));
    void backfill();
    const timer = setInterval(backfill, 60 * 60 * 1000).unref();
    return async () => clearInterval(timer);
  },
  // Development and demo installs (DEMO_DATA=true) have the demo coupon, so checkout can be tried at once.
  async (log) => {
    const env = getEnv();
    if (!env.isProduction || env.DEMO_DATA) await seedDemoCoupon().catch((error: unknown) => log(`demo coupon not created: ${String(error)}`));
    return async () => {};
  },
];
