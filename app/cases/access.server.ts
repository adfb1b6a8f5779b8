import { eq, isNull, or, type SQL } from "drizzle-orm";
import { orders, STAFF_ROLES, type UserRole } from "../../db/schema";

/** Who is asking: the signed-in user's id and role (read from the database on every request). */
export type Viewer = { id: string; role: UserRole };

export function isStaffRole(role: UserRole): role is (typeof STAFF_ROLES)[number] {
  return (STAFF_ROLES as readonly UserRole[]).includes(role);
}

/**
 * Whether `viewer` works this case: admins every case; staff the cases assigned to them and the
 * unassigned queue. Clients never (they read their own orders through the owner check).
 */
export function canWorkCase(viewer: Viewer, order: { assigneeId: string | null }) {
  if (viewer.role === "admin") return true;
  return viewer.role === "staff" && (order.assigneeId === null || order.assigneeId === viewer.id);
}

/** Whether `viewer` may read this order's conversation and documents. */
export function canReadCase(viewer: Viewer, order: { userId: string; assigneeId: string | null }) {
  return order.userId === viewer.id || canWorkCase(viewer, order);
}

/** The orders a member of staff may see, as a condition on `orders` (undefined: every order, for admins). */
export function caseScope(viewer: Viewer): SQL | undefined {
  if (viewer.role === "admin") return undefined;
  if (viewer.role === "staff") return or(isNull(orders.assigneeId), eq(orders.assigneeId, viewer.id));
  return eq(orders.userId, viewer.id);
}

/** Admins only: anything that touches money (cancelling a paid order, refunds), users and coupons. */
export function canManageMoney(viewer: Viewer) {
  return viewer.role === "admin";
}
