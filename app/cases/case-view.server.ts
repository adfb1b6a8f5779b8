import type { OrderStatus, PaymentStatus, TurnaroundUnit } from "../../db/schema";
import { findTierOfService, turnaroundOfficeMinutes } from "../catalogue";
import { backofficeText } from "../content/backoffice.server";
import { casesText } from "../content/cases.server";
import { fill } from "../i18n/fill";
import { formatDateTime } from "../i18n/format";
import type { Lang } from "../i18n/lang";
import type { Viewer } from "./access.server";
import { isRequestKind, type loadThread, type Side } from "./messages.server";
import { officeDayMinutes } from "./office-time";
import { isOverdue, lineTurnaround, officeSchedule } from "./turnaround.server";

type Thread = Awaited<ReturnType<typeof loadThread>>;

function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * A conversation ready to render for one side: who wrote each message (the client sees "You" and
 * "Legal team", staff see names), what kind it is, request states, documents, and which open
 * requests this viewer may decide.
 */
export function threadView(thread: Thread, options: { viewer: Viewer; audience: Side; lang: Lang }) {
  const { viewer, audience, lang } = options;
  const t = casesText[lang].thread;
  const requestLabel = (kind: string, days: number | null) => fill(t.kind[kind] ?? kind, { days: days ?? 0 });
  const requests = new Map(
    thread.messages.filter((m) => isRequestKind(m.kind)).map((m) => [m.id, requestLabel(m.kind, m.extensionDays)]),
  );
  return {
    truncated: thread.truncated,
    messages: thread.messages.map((message) => {
      const mine = message.authorId === viewer.id && message.side !== "system";
      const author =
        audience === "client"
          ? message.side === "client"
            ? t.you
            : t.team
          : message.side === "client"
            ? `${message.authorName ?? t.client} · ${t.client}`
            : mine
              ? t.you
              : (message.authorName ?? t.team);
      const open = message.requestState === "open";
      return {
        id: message.id,
        side: message.side,
        kind: message.kind,
        mine,
        author,
        note: message.kind === "note",
        label:
          message.kind === "message" || message.kind === "note"
            ? null
            : requestLabel(message.kind, message.extensionDays),
        /** The request named inside a sentence ("Accept the cancellation request"). */
        requestName: casesText[lang].requestNames[message.kind] ?? null,
        answers: message.requestId ? fill(t.answers, { request: requests.get(message.requestId) ?? "" }) : null,
        body: message.body,
        date: formatDateTime(message.createdAt, lang),
        dateTime: message.createdAt.toISOString(),
        state: message.requestState
          ? { value: message.requestState, label: t.state[message.requestState] ?? message.requestState }
          : null,
        // Staff decide open requests; cancellations only an admin (they may involve money).
        canResolve:
          audience === "staff" && open && (message.kind !== "cancellation-request" || viewer.role === "admin"),
        adminDecides:
          audience === "staff" && open && message.kind === "cancellation-request" && viewer.role !== "admin",
        documents: message.documents.map((doc) => ({
          id: doc.id,
          fileName: doc.fileName,
          size: formatSize(doc.sizeBytes),
        })),
      };
    }),
  };
}

export type ThreadView = ReturnType<typeof threadView>;

type LineRef = {
  serviceKey: string;
  tierId: string;
  speed?: string | null;
  turnaroundValue: number | null;
  turnaroundUnit: TurnaroundUnit | null;
};

/**
 * What an order page says about time: "Expected by …" (or due and overdue, for staff) once paid,
 * the promised turnaround before that, nothing once delivered or cancelled.
 */
export function turnaroundView(
  order: { status: OrderStatus; paymentStatus: PaymentStatus; dueAt: Date | null; items: readonly LineRef[] },
  lang: Lang,
  now = new Date(),
) {
  const t = casesText[lang].turnaround;
  const open = order.status === "pending" || order.status === "processing";
  // The slowest line's promise, in the catalogue's words ("3-5 business days").
  const dayMinutes = officeDayMinutes(officeSchedule());
  let slowest: { minutes: number; delivery: string } | null = null;
  for (const item of order.items) {
    const turnaround = lineTurnaround(item);
    if (!turnaround) continue;
    // At the standard speed, the package's own words; bought faster, the time it now promises.
    const sped = item.speed !== undefined && item.speed !== null && item.speed !== "standard";
    const delivery = sped
      ? fill(t.units[turnaround.unit] ?? "", { count: turnaround.value })
      : findTierOfService(item.serviceKey, item.tierId)?.delivery[lang];
    if (!delivery) continue;
    const minutes = turnaroundOfficeMinutes(turnaround, dayMinutes);
    if (!slowest || minutes > slowest.minutes) slowest = { minutes, delivery };
  }
  const overdue = isOverdue(order, now);
  return {
    open,
    overdue,
    overdueLabel: t.overdue,
    dueAt: order.dueAt?.toISOString() ?? null,
    dueDate: order.dueAt ? formatDateTime(order.dueAt, lang) : null,
    expectedBy: open && order.dueAt ? fill(t.expectedBy, { date: formatDateTime(order.dueAt, lang) }) : null,
    due: open && order.dueAt ? fill(t.due, { date: formatDateTime(order.dueAt, lang) }) : null,
    promised: slowest ? fill(t.promised, { delivery: slowest.delivery }) : null,
    afterPayment:
      open && !order.dueAt && slowest && order.paymentStatus !== "paid"
        ? fill(t.afterPayment, { delivery: slowest.delivery })
        : null,
    statusLabel: backofficeText[lang].status[order.status] ?? order.status,
  };
}

export type TurnaroundView = ReturnType<typeof turnaroundView>;

/** The text the case components need, in one language (the page's data carries only that). */
export function caseComponentText(lang: Lang) {
  const t = casesText[lang];
  return {
    thread: t.thread,
    form: t.form,
    resolve: t.resolve,
    errors: { empty: t.errors.empty },
    requests: t.requests,
    requestNames: t.requestNames,
    assignment: t.assignment,
    turnaround: t.turnaround,
  };
}
