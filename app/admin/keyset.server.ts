import crypto from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { getEnv } from "../env.server";
import { isUuid } from "../utils/ids";

/**
 * Keyset pages for the back office's lists (decision 082): a page starts after (or ends before) a
 * row's position in the list's order, never at an offset, so reading page 2,000 costs what page 1
 * does and rows that change meanwhile are neither skipped nor shown twice.
 *
 * A position travels in the URL as a cursor signed for the list and its filters: a cursor that was
 * altered, or made for another list or filter, does not verify and the list shows its first page.
 */

/** A row's place in a list: its sort value as PostgreSQL prints it (microseconds kept) and its id. */
export type KeysetPosition = { key: string | null; id: string };

/** Rows after the position (the next page) or before it (the previous page). */
export type PageCursor = { direction: "after" | "before"; position: KeysetPosition };

const MAX_CURSOR_LENGTH = 400;

function signature(payload: string, scope: string, secret: string) {
  return crypto.createHmac("sha256", secret).update(`keyset\0${scope}\0${payload}`).digest("base64url").slice(0, 22);
}

/** The cursor text of `position` for the list and filters named by `scope`. */
export function encodeCursor(position: KeysetPosition, scope: string): string {
  const payload = Buffer.from(JSON.stringify([position.key, position.id]), "utf8").toString("base64url");
  return `${payload}.${signature(payload, scope, getEnv().SESSION_SECRET[0]!)}`;
}

/** The position in a cursor, or null when it is missing, malformed, altered or made for another scope. */
export function decodeCursor(text: string | null | undefined, scope: string): KeysetPosition | null {
  if (!text || text.length > MAX_CURSOR_LENGTH) return null;
  const [payload, given, extra] = text.split(".");
  if (!payload || !given || extra !== undefined) return null;
  const valid = getEnv().SESSION_SECRET.some((secret) => {
    const expected = signature(payload, scope, secret);
    return expected.length === given.length && crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(given));
  });
  if (!valid) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [key, id] = value as unknown[];
    if ((key !== null && typeof key !== "string") || typeof id !== "string") return null;
    return { key, id };
  } catch {
    return null;
  }
}

/** The cursor a URL asks for (`after` wins over `before`), or null for the first page. */
export function cursorFromParams(params: URLSearchParams, scope: string): PageCursor | null {
  const after = decodeCursor(params.get("after"), scope);
  if (after) return { direction: "after", position: after };
  const before = decodeCursor(params.get("before"), scope);
  return before ? { direction: "before", position: before } : null;
}

/** One page of a keyset list: its rows and the cursors of the pages beside it (null: none). */
export type KeysetPage<T> = { rows: T[]; next: string | null; previous: string | null };

/**
 * Turns the rows a query read (pageSize + 1 of them, in the direction asked) into a page: the
 * extra row only says that another page exists. Rows read backwards are put back in list order.
 */
export function keysetPage<T>(
  read: T[],
  cursor: PageCursor | null,
  pageSize: number,
  positionOf: (row: T) => KeysetPosition,
  scope: string,
): KeysetPage<T> {
  const more = read.length > pageSize;
  const rows = more ? read.slice(0, pageSize) : read;
  if (cursor?.direction === "before") rows.reverse();
  const first = rows[0];
  const last = rows[rows.length - 1];
  const hasNext = cursor?.direction === "before" ? true : more;
  const hasPrevious = cursor === null ? false : cursor.direction === "after" ? true : more;
  return {
    rows,
    next: hasNext && last ? encodeCursor(positionOf(last), scope) : null,
    previous: hasPrevious && first ? encodeCursor(positionOf(first), scope) : null,
  };
}

/** The first, previous and next links of a page: the URL's query with its filters kept and the page's cursors. */
export function pageLinks(params: URLSearchParams, page: Pick<KeysetPage<unknown>, "next" | "previous">) {
  return {
    first: page.previous ? pageHref(params, null, null) : null,
    previous: page.previous ? pageHref(params, "before", page.previous) : null,
    next: page.next ? pageHref(params, "after", page.next) : null,
  };
}

/** The query string of a list's link: `params` without its page cursors, then the given one. */
export function pageHref(params: URLSearchParams, direction: "after" | "before" | null, cursor: string | null) {
  const next = new URLSearchParams(params);
  next.delete("after");
  next.delete("before");
  next.delete("page");
  if (direction && cursor) next.set(direction, cursor);
  const text = next.toString();
  return text ? `?${text}` : "?";
}

// Positions come from signed cursors, but a page must never fail on one: the shape is checked too.
const PG_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** A position whose key is a timestamp as PostgreSQL prints it and whose id is a uuid: safe to cast in SQL. */
export function isTimestampPosition(position: KeysetPosition) {
  return position.key !== null && PG_TIMESTAMP.test(position.key) && isUuid(position.id);
}

/** The cursor a URL asks for, kept only when its position is a timestamp and a uuid (else null: the first page). */
export function timestampCursorFromParams(params: URLSearchParams, scope: string): PageCursor | null {
  const cursor = cursorFromParams(params, scope);
  return cursor && isTimestampPosition(cursor.position) ? cursor : null;
}

/**
 * A list ordered by a timestamp column and the id (ties), newest or oldest first, each served by
 * an index in that order: `condition` keeps the rows beyond a cursor, `orderBy` reads forwards (the
 * list's order) or backwards (towards the previous page), `key` is the sort value as text.
 */
export function timestampKeyset(column: SQL | { getSQL(): SQL }, id: SQL | { getSQL(): SQL }, descending: boolean) {
  const c = sql`${column}`;
  const i = sql`${id}`;
  return {
    key: sql<string>`${c}::text`,
    condition(cursor: PageCursor | null): SQL | undefined {
      if (!cursor || cursor.position.key === null) return undefined;
      const beyond = descending === (cursor.direction === "after") ? sql`<` : sql`>`;
      return sql`(${c}, ${i}) ${beyond} (${cursor.position.key}::timestamptz, ${cursor.position.id}::uuid)`;
    },
    orderBy(cursor: PageCursor | null): SQL[] {
      const down = descending !== (cursor?.direction === "before");
      return down ? [sql`${c} desc`, sql`${i} desc`] : [sql`${c} asc`, sql`${i} asc`];
    },
  };
}

/**
 * One page of a keyset list: `read` returns up to `pageSize + 1` rows beyond a cursor (null: from
 * the start) in the cursor's direction, each with its position (`k`, `id`). A cursor whose rows have
 * gone (nothing beyond it, or a previous page shorter than a page) opens the first page.
 */
export async function readKeysetPage<T extends { k: string; id: string }>(
  cursor: PageCursor | null,
  pageSize: number,
  scope: string,
  read: (cursor: PageCursor | null, limit: number) => Promise<T[]>,
): Promise<KeysetPage<T>> {
  const found = await read(cursor, pageSize + 1);
  const startsOver =
    cursor !== null && (found.length === 0 || (cursor.direction === "before" && found.length <= pageSize));
  const rows = startsOver ? await read(null, pageSize + 1) : found;
  return keysetPage(rows, startsOver ? null : cursor, pageSize, (row) => ({ key: row.k, id: row.id }), scope);
}

/** A count that stops at `limit` (then "more than limit"): cheap whatever the table's size. */
export type BoundedCount = { count: number; exact: boolean };
export const COUNT_LIMIT = 1000;

/** Counts the rows of `query` (a select of anything) up to `limit` + 1, so that the count costs at most that many rows. */
export function boundedCountSql(query: SQL, limit = COUNT_LIMIT): SQL {
  return sql`select count(*)::int as n from (${query} limit ${limit + 1}) as counted`;
}
export function boundedCount(n: number | string | undefined, limit = COUNT_LIMIT): BoundedCount {
  const count = Number(n ?? 0);
  return count > limit ? { count: limit, exact: false } : { count, exact: true };
}

/**
 * A case-insensitive substring search of a lower-cased, trigram-indexed text column, as a LIKE
 * (the trigram index serves it; `%` and `_` in the search are taken as written).
 */
export function containsText(column: SQL | { getSQL(): SQL }, q: string): SQL {
  return sql`${column} like lower(${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`;
}

/** The conditions joined with AND (undefined: none). */
export function allOf(conditions: Array<SQL | undefined>): SQL | undefined {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length
    ? sql.join(
        present.map((c) => sql`(${c})`),
        sql` and `,
      )
    : undefined;
}
