import { pruneVitals } from "./analytics/vitals.server";
import { deleteExpiredConversations } from "./assistant/conversations.server";
import { announceAdminSetup } from "./auth/admin-setup.server";
import { refundAcceptedCancellations } from "./cases/refund.server";
import { deleteExpiredSessions } from "./auth/session.server";
import { DEFAULT_SUPPLIER, getEnv } from "./env.server";
import "./invoices/mail-attachment.server";
import { issueMissingInvoices } from "./invoices/tax-documents.server";
import { expireUnpaidOrders } from "./orders/expiry.server";
import { reconcilePendingRefunds } from "./payments/refunds.server";
import { deleteExpiredInquiries, deleteExpiredWidgetChats } from "./inquiries/retention.server";
import { startMailWorker } from "./mail/worker.server";
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
  const pruneWebVitals = () => pruneVitals().catch((error: unknown) => log(`web-vitals pruning failed: ${String(error)}`));
  timers.push(setInterval(pruneWebVitals, 60 * 60 * 1000).unref());
  // Assistant conversations are kept 30 days after their last message.
  const expireConversations = () => deleteExpiredConversations().catch((error: unknown) => log(`assistant conversation clean-up failed: ${String(error)}`));
  timers.push(setInterval(expireConversations, 60 * 60 * 1000).unref());
  // Retention: inquiries 24 months after they arrive, chat-widget conversations 30 days after their last message.
  const retention = async () => {
    await deleteExpiredInquiries().catch((error: unknown) => log(`inquiry clean-up failed: ${String(error)}`));
    await deleteExpiredWidgetChats().catch((error: unknown) => log(`chat-widget clean-up failed: ${String(error)}`));
  };
  timers.push(setInterval(() => void retention(), 6 * 60 * 60 * 1000).unref());
  // Unpaid orders are cancelled after UNPAID_ORDER_EXPIRY_HOURS, giving their coupon use back.
  const expireOrders = () => expireUnpaidOrders({ log }).catch((error: unknown) => log(`unpaid-order expiry failed: ${String(error)}`));
  timers.push(setInterval(expireOrders, 10 * 60 * 1000).unref());
  // Refunds the payment provider has not confirmed (or could not be reached for) are asked about again.
  const reconcileRefunds = () => reconcilePendingRefunds().catch((error: unknown) => log(`refund reconciliation failed: ${String(error)}`));
  timers.push(setInterval(reconcileRefunds, 2 * 60 * 1000).unref());
  // Accepted cancellations of paid orders whose refund was never asked for (the process stopped on the way).
  const cancellationRefunds = () => refundAcceptedCancellations().catch((error: unknown) => log(`refunds of accepted cancellations failed: ${String(error)}`));
  timers.push(setInterval(cancellationRefunds, 5 * 60 * 1000).unref());
  for (const register of jobRegistry) stoppers.push(await register(log));
}

export async function stopBackgroundJobs() {
  for (const timer of timers.splice(0)) clearInterval(timer);
  for (const stop of stoppers.splice(0)) await stop();
}

/** Jobs started with the server; each returns its stop function. */
const jobRegistry: Array<(log: Logger) => Promise<() => Promise<void>>> = [
  async (log) => startMailWorker(log),
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
