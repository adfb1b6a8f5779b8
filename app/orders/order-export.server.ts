import { eq, sql, type SQL } from "drizzle-orm";
import { orders, users } from "../../db/schema";
import type { Viewer } from "../cases/access.server";
import { db } from "../db.server";
import { csvLine, csvResponse } from "../utils/csv.server";
import {
  adminRowColumns,
  exportConditions,
  orderingOf,
  orderSql,
  type AdminOrderFilters,
  type AdminOrderRow,
} from "./order-lists.server";
import { assigneeScopeCondition } from "./order-stats.server";

/**
 * The CSV export of the case list (decision 083): every row of the current filter, read in keyset
 * batches (each a short statement on the list's index, none near the statement timeout), one batch
 * ahead of what the client has taken and no further, so memory stays flat for a million rows and
 * the download runs at the pace of the slower of the database and the client. A client that goes
 * away stops it: the stream is cancelled and no further batch is read.
 */

export const CSV_HEADER = [
  "Order ID",
  "Created (UTC)",
  "Customer",
  "Email",
  "Phone",
  "Service",
  "Tier",
  "Amount",
  "Currency",
  "Coupon",
  "Status",
  "Payment",
];
export const EXPORT_BATCH_ROWS = 2000;

const aed = (fils: number) => (fils / 100).toFixed(2);

type ExportFilters = Pick<AdminOrderFilters, "q" | "status"> & Partial<Pick<AdminOrderFilters, "view" | "due">>;

/** The filtered order list (all pages) as CSV text in batches. Starts with a BOM so spreadsheets read UTF-8 (Arabic names). */
export async function* ordersCsv(
  filters: ExportFilters,
  batchSize = EXPORT_BATCH_ROWS,
  options: { viewer?: Viewer; signal?: AbortSignal; now?: Date } = {},
): AsyncGenerator<string> {
  const full: Omit<AdminOrderFilters, "cursor"> = { view: "all", due: "any", ...filters };
  const ordering = orderingOf(full);
  const conditions = exportConditions(full, options.viewer, options.now ?? new Date());
  const assignee = assigneeScopeCondition(conditions.scope, orders.assigneeId);
  type Row = AdminOrderRow & { k: string };
  // The position keeps the sort value as PostgreSQL's text (microseconds): a JavaScript Date would round it.
  const batchAfter = (after: { k: string; id: string } | null): Promise<Row[]> => {
    const beyond: SQL | undefined = after
      ? ordering.descending
        ? sql`(${ordering.column}, ${orders.id}) < (${after.k}::timestamptz, ${after.id}::uuid)`
        : sql`(${ordering.column}, ${orders.id}) > (${after.k}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const where = [...conditions.list, assignee, beyond].filter((c): c is SQL => c !== undefined);
    return db
      .select({ ...adminRowColumns, k: sql<string>`${ordering.column}::text` })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(
        where.length
          ? sql.join(
              where.map((c) => sql`(${c})`),
              sql` and `,
            )
          : undefined,
      )
      .orderBy(orderSql(ordering, false))
      .limit(batchSize);
  };
  yield "\uFEFF" + csvLine(CSV_HEADER);
  let pending: Promise<Row[]> | null = batchAfter(null);
  try {
    while (pending) {
      const rows: Row[] = await pending;
      pending = null;
      if (options.signal?.aborted) return;
      const last = rows[rows.length - 1];
      // The next batch is read while this one is written out: one batch ahead, never more.
      if (last && rows.length === batchSize) pending = batchAfter({ k: last.k, id: last.id });
      if (rows.length) yield rows.map(csvRow).join("");
    }
  } finally {
    // Stopped early (client gone): a batch still being read is let go without an unhandled rejection.
    pending?.catch(() => undefined);
  }
}

function csvRow(r: AdminOrderRow) {
  return csvLine([
    r.id,
    r.createdAt.toISOString(),
    r.customerName,
    r.customerEmail,
    r.phone,
    r.serviceType,
    r.tierName,
    aed(r.amount),
    r.currency,
    r.couponCode,
    r.status,
    r.paymentStatus,
  ]);
}

/** A streamed CSV download of the filtered orders; `signal` (the request's) stops it when the client goes away. */
export function ordersCsvResponse(
  filters: ExportFilters,
  now = new Date(),
  batchSize?: number,
  options: { viewer?: Viewer; signal?: AbortSignal } = {},
) {
  return csvResponse(
    ordersCsv(filters, batchSize, { ...options, now }),
    `orders-${now.toISOString().slice(0, 10)}.csv`,
  );
}
