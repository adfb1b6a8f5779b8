import { asc, desc, eq, sql } from "drizzle-orm";
import { orderDocuments, orderEvents, orderItems, orders, users } from "../../db/schema";
import { db, type Queryable } from "../db.server";
import { isUuid } from "../utils/ids";

export type OrderDetails = Awaited<ReturnType<typeof loadOrderDetails>>;

async function loadOrderDetails(orderId: string) {
  const [order] = await db
    .select({
      order: orders,
      customer: { id: users.id, email: users.email, fullName: users.fullName, lang: users.lang },
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const [items, documents, history] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.createdAt), asc(orderItems.id)),
    db
      .select({
        id: orderDocuments.id,
        kind: orderDocuments.kind,
        fileName: orderDocuments.fileName,
        contentType: orderDocuments.contentType,
        sizeBytes: orderDocuments.sizeBytes,
        createdAt: orderDocuments.createdAt,
      })
      .from(orderDocuments)
      .where(eq(orderDocuments.orderId, orderId))
      .orderBy(asc(orderDocuments.createdAt)),
    db
      .select({
        id: orderEvents.id,
        kind: orderEvents.kind,
        fromValue: orderEvents.fromValue,
        toValue: orderEvents.toValue,
        note: orderEvents.note,
        createdAt: orderEvents.createdAt,
        actorName: sql<string | null>`coalesce(${users.fullName}, ${users.email})`,
        actorRole: users.role,
      })
      .from(orderEvents)
      .leftJoin(users, eq(users.id, orderEvents.actorId))
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(desc(orderEvents.createdAt), desc(orderEvents.id)),
  ]);
  return { ...order.order, customer: order.customer, items, documents, history };
}

/**
 * An order as its owner sees it, or null when it does not exist or belongs to someone else (the
 * caller answers 404 in both cases, so nobody learns which ids exist). No staff-only fields.
 */
export async function getClientOrder(orderId: string, userId: string) {
  if (!isUuid(orderId)) return null;
  const details = await loadOrderDetails(orderId);
  if (!details || details.userId !== userId) return null;
  const {
    internalNote: _staffOnly,
    paymentFlag: _flag,
    searchText: _search,
    assigneeId: _assignee,
    assignedAt: _assigned,
    ...visible
  } = details;
  return {
    ...visible,
    // The client sees who changed a status only as "our team"; notes and assignments stay internal.
    history: details.history
      .filter((event) => event.kind !== "note" && event.kind !== "assignment")
      .map(({ actorName: _name, note: _note, ...event }) => event),
  };
}

/** Who an order belongs to and who works it (for access checks), or null when there is no such order. */
export async function findCase(orderId: string, q: Queryable = db) {
  if (!isUuid(orderId)) return null;
  const [row] = await q
    .select({ id: orders.id, userId: orders.userId, assigneeId: orders.assigneeId, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/** An order with everything staff need, or null. */
export async function getAdminOrder(orderId: string) {
  if (!isUuid(orderId)) return null;
  return loadOrderDetails(orderId);
}
