import { asc, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { STAFF_ROLES, USER_ROLES, users, type UserRole } from "../../db/schema";
import { db } from "../db.server";
import { isUuid } from "../orders/order-queries.server";

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
 * Promotes a user to admin or demotes them to client. An admin cannot change their own role (so
 * there is always someone left who can). The role is read from the database on every request, so
 * the change applies to open sessions at once.
 */
export async function changeUserRole(input: { userId: unknown; role: unknown; actorId: string }): Promise<RoleChangeResult> {
  if (!isUuid(input.userId) || !isUserRole(input.role)) return { ok: false, error: "invalid-input" };
  if (input.userId === input.actorId) return { ok: false, error: "self" };
  const updated = await db
    .update(users)
    .set({ role: input.role, updatedAt: new Date() })
    .where(eq(users.id, input.userId))
    .returning({ id: users.id });
  return updated.length ? { ok: true } : { ok: false, error: "not-found" };
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
