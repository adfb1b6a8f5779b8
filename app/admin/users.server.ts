import { asc, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { orderEvents, orders, STAFF_ROLES, USER_ROLES, users, type UserRole } from "../../db/schema";
import { db } from "../db.server";
import { isUuid } from "../utils/ids";

export { USER_ROLES };

export const USER_PAGE_SIZE = 50;

export function isUserRole(value: unknown): value is UserRole {
  return typeof value === "string" && (USER_ROLES as readonly string[]).includes(value);
}

/** Accounts, admins first then newest, optionally filtered by e-mail or name. */
export async function listUsers(options: { q?: string; page?: number } = {}) {
  const q = (options.q ?? "").trim().slice(0, 100);
  const page = options.page && options.page >= 1 ? Math.floor(options.page) : 1;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = q ? or(ilike(users.email, pattern), ilike(users.fullName, pattern)) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        fullName: users.fullName,
        role: users.role,
        emailConfirmedAt: users.emailConfirmedAt,
        createdAt: users.createdAt,
        orderCount: sql<number>`(select count(*) from "orders" o where o."user_id" = "users"."id")`.mapWith(Number),
      })
      .from(users)
      .where(where)
      .orderBy(asc(sql`case when ${users.role} = 'admin' then 0 else 1 end`), desc(users.createdAt))
      .limit(USER_PAGE_SIZE)
      .offset((page - 1) * USER_PAGE_SIZE),
    db.select({ total: count() }).from(users).where(where),
  ]);
  const total = totalRow?.total ?? 0;
  return { rows, total, page, pageCount: Math.max(1, Math.ceil(total / USER_PAGE_SIZE)), q };
}

export type RoleChangeResult = { ok: true } | { ok: false; error: "invalid-input" | "self" | "not-found" };

/**
 * Gives a user a role (client, staff, admin). An admin cannot change their own role (so there is
 * always someone left who can). The role is read from the database on every request, so the
 * change applies to open sessions at once. Someone who no longer works cases (now a client) gives
 * their cases back to the queue, so they do not sit with nobody able to work them.
 */
export async function changeUserRole(input: { userId: unknown; role: unknown; actorId: string }): Promise<RoleChangeResult> {
  if (!isUuid(input.userId) || !isUserRole(input.role)) return { ok: false, error: "invalid-input" };
  if (input.userId === input.actorId) return { ok: false, error: "self" };
  const userId = input.userId;
  const role = input.role;
  return db.transaction(async (tx) => {
    const updated = await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId)).returning({ id: users.id });
    if (!updated.length) return { ok: false as const, error: "not-found" as const };
    if (role === "client") {
      const released = await tx.update(orders).set({ assigneeId: null, assignedAt: null }).where(eq(orders.assigneeId, userId)).returning({ id: orders.id });
      if (released.length) await tx.insert(orderEvents).values(released.map((order) => ({ orderId: order.id, actorId: input.actorId, kind: "assignment" as const, toValue: null })));
    }
    return { ok: true as const };
  });
}

/** Everyone who works cases (staff and admins), by name: the admin's assignment choices. */
export async function staffMembers() {
  const rows = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName, role: users.role })
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]))
    .orderBy(asc(sql`coalesce(${users.fullName}, ${users.email})`))
    .limit(500);
  return rows.map((row) => ({ id: row.id, name: row.fullName ?? row.email, role: row.role }));
}
