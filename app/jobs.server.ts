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
import { logger } from "./observability/log.server";
import { recordJobRun } from "./observability/metrics.server";

type Logger = (message: string) => void;

const timers: NodeJS.Timeout[] = [];
const stoppers: Array<() => Promise<void>> = [];

/**
 * A background job run: timed, one log line (JSON in production: docs/decisions/096) and the
 * metrics of its outcome; a failure is logged, never thrown (the next run tries again).
 */
function job(name: string, run: () => Promise<unknown>) {
  return async () => {
    const started = performance.now();
    try {
      await run();
      recordJobRun(name, true);
      logger().job({ job: name, outcome: "ok", durationMs: performance.now() - started });
    } catch (error) {
      recordJobRun(name, false);
      logger().job({
        job: name,
        outcome: "failed",
        durationMs: performance.now() - started,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  };
}

/** Background work of the server process: mail delivery and housekeeping. */
export async function startBackgroundJobs({ log }: { log: Logger }) {
  const every = (ms: number, run: () => Promise<unknown>) => timers.push(setInterval(() => void run(), ms).unref());
  every(
    10 * 60 * 1000,
    job("rate-limit-pruning", () => pruneRateLimits()),
  );
  // Sessions past their expiry (signed-in ones after 14 days, half-way ones after minutes) are deleted.
  every(
    10 * 60 * 1000,
    job("session-expiry", () => deleteExpiredSessions()),
  );
  every(
    60 * 60 * 1000,
    job("submission-key-pruning", () => pruneSubmissionKeys()),
  );
  // Retention (app/privacy/retention.ts): every kind of data the Data Retention Policy lists, hourly.
  every(
    60 * 60 * 1000,
    job("retention", () => runRetentionJobs(new Date(), log)),
  );
  // "Download my data" archives too large to build during the request.
  every(
    60 * 1000,
    job("data-exports", () => buildQueuedExports(log)),
  );
  // Unpaid orders are cancelled after UNPAID_ORDER_EXPIRY_HOURS, giving their coupon use back.
  every(
    10 * 60 * 1000,
    job("unpaid-order-expiry", () => expireUnpaidOrders({ log })),
  );
  // Refunds the payment provider has not confirmed (or could not be reached for) are asked about again.
  every(
    2 * 60 * 1000,
    job("refund-reconciliation", () => reconcilePendingRefunds()),
  );
  // Accepted cancellations of paid orders whose refund was never asked for (the process stopped on the way).
  every(
    5 * 60 * 1000,
    job("cancellation-refunds", () => refundAcceptedCancellations()),
  );
  // Consultation reminders, 24 hours and 1 hour before (each once across processes: SKIP LOCKED).
  every(
    getEnv().CONSULTATION_REMINDER_INTERVAL_SECONDS * 1000,
    job("consultation-reminders", () => sendDueReminders()),
  );
  for (const register of jobRegistry) stoppers.push(await register(log));
}

export async function stopBackgroundJobs() {
  for (const timer of timers.splice(0)) clearInterval(timer);
  for (const stop of stoppers.splice(0)) await stop();
}

/** Jobs started with the server; each returns its stop function. */
const jobRegistry: Array<(log: Logger) => Promise<() => Promise<void>>> = [
  async (log) => startMailWorker(log, (ok) => recordJobRun("mail-delivery", ok)),
  // Documents and two-factor secrets stored before encryption at rest are encrypted once, at start.
  async (log) => {
    void reencryptStoredData()
      .then((done) =>
        done.documents || done.exports || done.secrets
          ? log(
              `encrypted at rest: ${done.documents} documents, ${done.exports} archives, ${done.secrets} two-factor secrets stored in plain before`,
            )
          : undefined,
      )
      .catch((error: unknown) =>
        log(`encrypting stored data failed: ${error instanceof Error ? error.message : String(error)}`),
      );
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
    if (env.isProduction && env.SUPPLIER_TRN === DEFAULT_SUPPLIER.trn)
      log(
        "WARNING: SUPPLIER_TRN is not set: tax invoices carry the placeholder TRN. Set SUPPLIER_NAME, SUPPLIER_ADDRESS and SUPPLIER_TRN.",
      );
    const backfill = job("missing-invoices", () => issueMissingInvoices());
    void backfill();
    const timer = setInterval(backfill, 60 * 60 * 1000).unref();
    return async () => clearInterval(timer);
  },
  // Development and demo installs (DEMO_DATA=true) have the demo coupon, so checkout can be tried at once.
  async (log) => {
    const env = getEnv();
    if (!env.isProduction || env.DEMO_DATA)
      await seedDemoCoupon().catch((error: unknown) => log(`demo coupon not created: ${String(error)}`));
    return async () => {};
  },
];
