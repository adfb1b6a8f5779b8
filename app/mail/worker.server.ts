import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { outbox, type OutboxMessage } from "../../db/schema";
import { db } from "../db.server";
import { getEnv } from "../env.server";
import { renderAttachments } from "./attachments.server";

const BATCH_SIZE = 20;
const POLL_INTERVAL_MS = 5_000;
/** A claimed message not finished within this time (a crash) is claimed again. */
const LEASE_MS = 2 * 60_000;
const MAX_ATTEMPTS = 12;

/** Wait before attempt n+1: 30 s, 1 min, 2 min … (MAIL_RETRY_SECONDS first) capped at 1 hour. */
export function retryDelayMs(attempts: number, firstDelaySeconds = getEnv().MAIL_RETRY_SECONDS) {
  return Math.min(firstDelaySeconds * 1000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

let transporter: Transporter | undefined;
let transporterUrl: string | undefined;
function smtpTransport(url: string) {
  if (!transporter || transporterUrl !== url) {
    const timeouts = "connectionTimeout=10000&greetingTimeout=10000&socketTimeout=20000";
    transporter = nodemailer.createTransport(url.includes("?") ? `${url}&${timeouts}` : `${url}?${timeouts}`);
    transporterUrl = url;
  }
  return transporter;
}

type Logger = (message: string) => void;

/**
 * Claims due messages (FOR UPDATE SKIP LOCKED, so several instances never take the same one),
 * then sends each outside any transaction. Without SMTP_URL messages are held in the outbox and
 * printed to the log. A failed send is retried with backoff; nothing is deleted.
 */
export async function deliverDueMail({ now = new Date(), log = defaultLog }: { now?: Date; log?: Logger } = {}) {
  const env = getEnv();
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(inArray(outbox.status, ["queued", "sending"]), lte(outbox.nextAttemptAt, now)))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(BATCH_SIZE)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({
      status: "sending",
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + LEASE_MS),
    })
    .where(inArray(outbox.id, due))
    .returning();

  let sent = 0;
  for (const message of claimed) {
    if (!env.SMTP_URL) {
      await db.update(outbox).set({ status: "held" }).where(eq(outbox.id, message.id));
      logHeld(message, env.isProduction, log);
      continue;
    }
    try {
      await smtpTransport(env.SMTP_URL).sendMail({
        from: env.MAIL_FROM,
        to: message.toAddress,
        subject: message.subject,
        text: message.textBody,
        html: message.htmlBody ?? undefined,
        attachments: await renderAttachments(message.attachments),
      });
      await db
        .update(outbox)
        .set({ status: "sent", sentAt: new Date(), lastError: null })
        .where(eq(outbox.id, message.id));
      sent++;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const giveUp = message.attempts >= MAX_ATTEMPTS;
      await db
        .update(outbox)
        .set({
          status: giveUp ? "failed" : "queued",
          lastError: reason.slice(0, 500),
          nextAttemptAt: new Date(Date.now() + retryDelayMs(message.attempts)),
        })
        .where(eq(outbox.id, message.id));
      log(
        `mail ${message.id} (${message.kind}) not delivered, attempt ${message.attempts}: ${reason}${giveUp ? " — giving up" : ""}`,
      );
    }
  }
  return { claimed: claimed.length, sent };
}

function logHeld(message: OutboxMessage, production: boolean, log: Logger) {
  // Bodies can hold sign-in links: print them only outside production.
  if (production) {
    log(`mail held (SMTP_URL not set): ${message.kind} to ${message.toAddress}, "${message.subject}"`);
  } else {
    log(
      `mail held (SMTP_URL not set; see /dev/mailbox): to ${message.toAddress}, "${message.subject}"\n${message.textBody}\n`,
    );
  }
}

function defaultLog(message: string) {
  process.stdout.write(`${new Date().toISOString()} ${message}\n`);
}

type WorkerState = {
  timer?: NodeJS.Timeout;
  running?: Promise<unknown>;
  again: boolean;
  kickTimer?: NodeJS.Timeout;
  log: Logger;
  stopped: boolean;
  onRun?: ((ok: boolean) => void) | undefined;
};
const stateKey = Symbol.for("sanad.mail-worker");
function workerState(): WorkerState | undefined {
  return (globalThis as { [stateKey]?: WorkerState })[stateKey];
}

function runOnce(state: WorkerState) {
  if (state.stopped) return;
  if (state.running) {
    state.again = true;
    return;
  }
  // Every few seconds: its metrics say when it last succeeded; only a failing run is logged.
  state.running = deliverDueMail({ log: state.log })
    .then(() => state.onRun?.(true))
    .catch((error: unknown) => {
      state.onRun?.(false);
      state.log(`mail worker: ${error instanceof Error ? error.message : String(error)}`);
    })
    .finally(() => {
      state.running = undefined;
      if (state.again) {
        state.again = false;
        runOnce(state);
      }
    });
}

/** Starts delivering the outbox every few seconds (and soon after each queueMail); `onRun` hears each run's outcome (metrics). Returns stop(). */
export function startMailWorker(log: Logger = defaultLog, onRun?: (ok: boolean) => void) {
  const state: WorkerState = { again: false, log, stopped: false, onRun };
  (globalThis as { [stateKey]?: WorkerState })[stateKey] = state;
  state.timer = setInterval(() => runOnce(state), POLL_INTERVAL_MS);
  state.timer.unref();
  runOnce(state);
  return async () => {
    state.stopped = true;
    clearInterval(state.timer);
    clearTimeout(state.kickTimer);
    await state.running;
    delete (globalThis as { [stateKey]?: WorkerState })[stateKey];
  };
}

/** Asks the running worker (if any) to deliver shortly, after the caller's transaction has committed. */
export function kickMailWorker() {
  const state = workerState();
  if (!state || state.stopped) return;
  clearTimeout(state.kickTimer);
  state.kickTimer = setTimeout(() => runOnce(state), 50);
  state.kickTimer.unref();
}

/** The newest messages, for the development mailbox and tests. */
export async function recentMail(limit = 50) {
  return db
    .select()
    .from(outbox)
    .orderBy(sql`${outbox.createdAt} desc`)
    .limit(limit);
}
