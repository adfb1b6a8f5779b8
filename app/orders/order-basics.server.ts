import { ORDER_STATUSES, type OrderStatus } from "../../db/schema";

// For the pages' loaders: through a server module, so the schema (and the ORM) stays out of the browser build.
export { ORDER_STATUSES };

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The first 8 characters of an order id, as the spec shows it. */
export function shortOrderId(id: string) {
  return id.slice(0, 8);
}
