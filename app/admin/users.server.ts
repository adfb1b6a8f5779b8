import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { resultRows } from "../../db/rows";
import { orderEvents, orders, STAFF_ROLES, USER_ROLES, users, type UserRole } from "../../db/schema";
import { db, type Queryable } from "../db.server";
import { isUuid } from "../utils/ids";
import {
  allOf,
  boundedCount,
  boundedCountSql,
  readKeysetPage,
  timestampCursorFromParams,
  timestampKeyset,
  type BoundedCount,
  type KeysetPage,
  type PageCursor,
  containsText,
} from "./keyset.server";

export { USER_ROLES };

export const USER_PAGE_SIZE = 50;
export const MAX_USER_SEARCH = 100;

export function isUserRole(value: unknown): value is UserRole {
  return typeof value === "string" && (USER_ROLES as readonly string[]).includes(value);
}

export type UserFilters = { q: string; role: UserRole | "all"; cursor: PageCursor | null };

/** What a page cursor is signed for: the list and its filters (a cursor of another filter opens the first page). */
export function userListScope(filters: Pick<UserFilters, "q" | "role">) {
  return JSON.stringify(["users", filters.q, filters.role]);
}

/** Reads the list's filters from a URL's query (`q`, `role`, `after`/`before`); anything odd falls back to the default. */
export function parseUserFilters(params: URLSearchParams): UserFilters {
  const role = params.get("role");
  const filters = {
    q: (params.get("q") ?? "").trim().slice(0, MAX_USER_SEARCH),
    role: isUserRole(role) ? role : ("all" as const),
  };
  return { ...filters, cursor: timestampCursorFromParams(params, userListScope(filters)) };
}

const newestFirst = timestampKeyset(users.createdAt, users.id, true);

/** The filters as SQL: the role on its index, the search a LIKE on the trigram-indexed, lower-cased `search_text` (name and e-mail). */
function userConditions(filters: Omit<UserFilters, "cursor">): SQL[] {
  const conditions: SQL[] = [];
  if (filters.role !== "all") conditions.push(eq(users.role, filters.role));
  if (filters.q) conditions.push(containsText(users.searchText, filters.q));
  return conditions;
}

/** The query that reads one page's rows beyond a cursor (exported for the query-plan test). */
export function userPageQuery(filters: UserFilters, limit: number, q: Queryable = db) {
  return q
    .select({
      id: users.id,
      k: newestFirst.key,
      email: users.email,
      fullName: users.fullName,
      role: users.role,
      emailConfirmedAt: users.emailConfirmedAt,
      createdAt: users.createdAt,
      // Per row of the page, on the orders' (user, created) index: the client's own orders, not the table.
      orderCount: sql<number>`(select count(*) from "orders" o where o."user_id" = "users"."id")`.mapWith(Number),
    })
    .from(users)
    .where(allOf([...userConditions(filters), newestFirst.condition(filters.cursor)]))
    .orderBy(...newestFirst.orderBy(filters.cursor))
    .limit(limit);
}

/** How many rows the filters hold, up to 1,000: read in the list's order, so it walks the page's own index (exported for the query-plan test). */
export function userCountQuery(filters: Omit<UserFilters, "cursor">) {
  const conditions = allOf(userConditions(filters));
  return boundedCountSql(
    sql`select 1 from ${users}${conditions ? sql` where ${conditions}` : sql``} order by ${sql.join(newestFirst.orderBy(null), sql`, `)}`,
  );
}

export type UserList = KeysetPage<Awaited<ReturnType<typeof userPageQuery>>[number]> & {
  total: BoundedCount;
  pageSize: number;
};

/**
 * One page of accounts, newest first, filtered by role and a search of e-mail and name (decision
 * 093): a keyset page on the filter's index and a count that stops at 1,000. A stale, altered or
 * foreign cursor opens the first page.
 */
export async function listUsers(
  filters: UserFilters = { q: "", role: "all", cursor: null },
  pageSize = USER_PAGE_SIZE,
  q: Queryable = db,
): Promise<UserList> {
  const [page, counted] = await Promise.all([
    readKeysetPage(filters.cursor, pageSize, userListScope(filters), (cursor, limit) =>
      userPageQuery({ ...filters, cursor }, limit, q),
    ),
    q.execute(userCountQuery(filters)),
  ]);
  return { ...page, total: boundedCount(resultRows(counted)[0]?.n as number | undefined), pageSize };
}

export type RoleChangeResult = { ok: true } | { ok: false; error: "invalid-input" | "self" | "not-found" };

/**
 * Gives a user a role (client, staff, admin). An admin cannot change their own role (so there is
 * always someone left who can). The role is read from the database on every request, so the
 * change applies to open sessions at once. Someone who no longer works cases (now a client) gives
 * their cases back to the queue, so they do not sit with nobody able to work them.
 */
export async function changeUserRole(input: {
  userId: unknown;
  role: unknown;
  actorId: string;
}): Promise<RoleChangeResult> {
  if (!isUuid(input.userId) || !isUserRole(input.role)) return { ok: false, error: "invalid-input" };
  if (input.userId === input.actorId) return { ok: false, error: "self" };
  const userId = input.userId;
  const role = input.role;
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!updated.length) return { ok: false as const, error: "not-found" as const };
    if (role === "client") {
      const released = await tx
        .update(orders)
        .set({ assigneeId: null, assignedAt: null })
        .where(eq(orders.assigneeId, userId))
        .returning({ id: orders.id });
      if (released.length)
        await tx.insert(orderEvents).values(
          released.map((order) => ({
            orderId: order.id,
            actorId: input.actorId,
            kind: "assignment" as const,
            toValue: null,
          })),
        );
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
