import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { orders, users } from "../../db/schema";
import { db } from "../db.server";
import { csvLine, csvResponse } from "../utils/csv.server";
import { adminRowColumns, adminWhere, type AdminOrderFilters, type AdminOrderRow } from "./order-lists.server";

export const CSV_HEADER = ["Order ID", "Created (UTC)", "Customer", "Email", "Phone", "Service", "Tier", "Amount", "Currency", "Coupon", "Status", "Payment"];

const aed = (fils: number) => (fils / 100).toFixed(2);

/**
 * The filtered order list (all pages) as CSV, produced in batches with keyset pagination so memory
 * stays flat however many orders there are. Starts with a BOM so spreadsheets read UTF-8 (Arabic names).
 */
export async function* ordersCsv(filters: Pick<AdminOrderFilters, "q" | "status">, batchSize = 500): AsyncGenerator<string> {
  yield "\uFEFF" + csvLine(CSV_HEADER);
  // The cursor keeps the timestamp as PostgreSQL's text (microseconds): a JavaScript Date would round it.
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const cursor: SQL | undefined = after ? sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined;
    const rows: Array<AdminOrderRow & { cursorAt: string }> = await db
      .select({ ...adminRowColumns, cursorAt: sql<string>`${orders.createdAt}::text` })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(adminWhere(filters), cursor))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(batchSize);
    if (!rows.length) return;
    yield rows
      .map((r) =>
        csvLine([r.id, r.createdAt.toISOString(), r.customerName, r.customerEmail, r.phone, r.serviceType, r.tierName, aed(r.amount), r.currency, r.couponCode, r.status, r.paymentStatus]),
      )
      .join("");
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.cursorAt, id: last.id };
  }
}

/** A streamed CSV download of the filtered orders. */
export function ordersCsvResponse(filters: Pick<AdminOrderFilters, "q" | "status">, now = new Date(), batchSize?: number) {
  return csvResponse(ordersCsv(filters, batchSize), `orders-${now.toISOString().slice(0, 10)}.csv`);
}
