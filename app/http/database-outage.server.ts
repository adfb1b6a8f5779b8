import type { ServerBuild } from "@remix-run/node";

/** Seconds a client should wait after a 503 (the database is away) before trying again. */
export const RETRY_AFTER_UNAVAILABLE_SECONDS = 30;

/** Error codes of the PostgreSQL client (postgres.js) and of Node's sockets that mean "the database cannot be reached". */
const CONNECTION_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs that mean the server is not serving: class 08 (connection exception), shutting down
 * (57P01-57P03), too many connections (53300), a statement cancelled by statement_timeout (57014),
 * a session ended by idle_in_transaction_session_timeout (25P03).
 */
function isUnavailableSqlState(code: string) {
  return (
    /^08[0-9A-Z]{3}$/.test(code) ||
    code === "57P01" ||
    code === "57P02" ||
    code === "57P03" ||
    code === "53300" ||
    code === "57014" ||
    code === "25P03"
  );
}

/** True when `error` (or an error it wraps, e.g. Drizzle's query error) says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || isUnavailableSqlState(code))) return true;
    if (current instanceof Error && /database did not answer within/.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

let lastLogged = 0;

/** The answer to a request that needed the database while it was away: the site's 503 page (Remix error boundary). */
function unavailable(error: unknown, log: (message: string) => void): Response {
  // One line every 10 seconds at most: an outage under load must not flood the log.
  if (Date.now() - lastLogged > 10_000) {
    lastLogged = Date.now();
    const detail =
      error instanceof Error ? `${(error as { code?: string }).code ?? ""} ${error.message}`.trim() : String(error);
    log(`database unavailable, answering 503: ${detail}`);
  }
  return new Response("Service temporarily unavailable", {
    status: 503,
    statusText: "Service Unavailable",
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Retry-After": String(RETRY_AFTER_UNAVAILABLE_SECONDS),
      "Cache-Control": "no-store",
    },
  });
}

type DataFunction = (args: never) => unknown;

/**
 * The same server build with every loader and action wrapped: an error that means "the database
 * cannot be reached" becomes a thrown 503 response, which the root error boundary renders as the
 * friendly "Service temporarily unavailable" page (a resource route answers the 503 as is).
 * Any other error passes through unchanged (a 500 with a reference).
 */
export function answerDatabaseOutagesWith503(build: ServerBuild, log: (message: string) => void): ServerBuild {
  const wrap = <F extends DataFunction>(fn: F): F =>
    (async (args: never) => {
      try {
        return await fn(args);
      } catch (error) {
        if (error instanceof Response || !isDatabaseUnavailable(error)) throw error;
        throw unavailable(error, log);
      }
    }) as unknown as F;
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const module = { ...route.module } as Record<string, unknown>;
      if (typeof module.loader === "function") module.loader = wrap(module.loader as DataFunction);
      if (typeof module.action === "function") module.action = wrap(module.action as DataFunction);
      return [id, { ...route, module: module as unknown as typeof route.module }];
    }),
  );
  return { ...build, routes };
}

/**
 * postgres.js 3.4.x can throw from a setImmediate callback when a connection dies while a write
 * is pending (a transaction's ROLLBACK after PostgreSQL went away): "Cannot read properties of
 * null (reading 'write')" in nextWrite (porsager/postgres#1066, #1154, #1208; unfixed upstream).
 * The query concerned has already been rejected with CONNECTION_CLOSED, so the error is harmless,
 * but thrown outside any caller it would end the process. True for exactly that error.
 */
export function isDriverWriteAfterClose(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /null \(reading 'write'\)|null is not an object \(evaluating 'socket\.write'\)/.test(error.message) &&
    /nextWrite/.test(error.stack ?? "") &&
    /postgres[\\/]src[\\/]connection\.js/.test(error.stack ?? "")
  );
}
