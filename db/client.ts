import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { watchedSocketFactory } from "./connection-watchdog";
import * as schema from "./schema/index";

export type Schema = typeof schema;
/** The query API both drivers share; app code only uses this. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A database or an open transaction: functions that may run inside a caller's transaction take this. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: "postgres" | "pglite";
  /** Answers when the database runs `select 1`; throws otherwise. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * PostgreSQL's limits on one connection (the embedded database runs in this process: nothing to hang,
 * and it does not enforce statement timeouts).
 * - `connectMs`: a new connection must be ready (TCP, TLS, authentication) within this;
 * - `statementMs`: the server cancels a statement that runs longer (statement_timeout); the client
 *   gives up on a connection that has not answered for this long plus ANSWER_GRACE_MS (half-open);
 * - `idleInTransactionMs`: the server ends a session left idle inside a transaction, releasing its locks.
 */
export type DatabaseTimeouts = { connectMs: number; statementMs: number; idleInTransactionMs: number };
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5000,
  statementMs: 5000,
  idleInTransactionMs: 10_000,
};
/** How much longer than statement_timeout the client waits before it calls a connection dead. */
export const ANSWER_GRACE_MS = 1000;

/** `snapshot`: an in-memory database starts from this PGlite data dump (tests start from a migrated one). */
export type DatabaseTarget =
  | { url: string; poolSize?: number; timeouts?: DatabaseTimeouts }
  | { dataDir: string }
  | { memory: true; snapshot?: Blob };

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  if ("url" in target) {
    const timeouts = target.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
    const client = postgres(target.url, {
      max: target.poolSize ?? 10,
      idle_timeout: 30,
      connect_timeout: timeouts.connectMs / 1000,
      // Sent at connection start-up: enforced by the server for every statement of the pool.
      connection: {
        statement_timeout: timeouts.statementMs,
        idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
      },
      // postgres.js takes a socket factory (documented, missing from its types).
      ...({ socket: watchedSocketFactory({ answerWithinMs: timeouts.statementMs + ANSWER_GRACE_MS }) } as object),
      // Between reconnection attempts after a failed connection. The driver's default grows to 20 s,
      // so requests queued while PostgreSQL is away would wait that long before failing; at most
      // half a second keeps them failing fast (a 503 page) and recovery quick once it is back.
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 0.5),
      onnotice: () => {},
    });
    const db = drizzlePostgres(client, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      ping: (timeoutMs = 2000) =>
        withTimeout(
          client`select 1`.then(() => undefined),
          timeoutMs,
        ),
      close: () => client.end({ timeout: 5 }),
    };
  }
  if ("dataDir" in target) initEmbeddedDatabase(target.dataDir);
  // Smaller shared buffers than PostgreSQL's 128 MB default: the embedded database serves a
  // laptop or a small install, and its WebAssembly memory never shrinks (~180 MB RSS instead of ~290).
  // pg_trgm backs the admin order search, btree_gist the exclusion constraint that keeps a
  // consultant from being booked twice (the migrations create both extensions).
  const options = { postgresqlconf: ["shared_buffers=32MB"], extensions: { pg_trgm, btree_gist } };
  const client =
    "dataDir" in target
      ? new PGlite(ensureDir(target.dataDir), options)
      : new PGlite({ ...options, loadDataDir: target.snapshot });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    ping: (timeoutMs = 2000) =>
      withTimeout(
        db.execute(sql`select 1`).then(() => undefined),
        timeoutMs,
      ),
    close: () => client.close(),
  };
}

/**
 * Creates the embedded database's files (initdb) in a short-lived child process when the folder is
 * new: initdb grows the WebAssembly memory to ~800 MB, which a long-running process would keep.
 */
export function initEmbeddedDatabase(dir: string) {
  if (fs.existsSync(path.join(dir, "PG_VERSION"))) return;
  ensureDir(dir);
  const script =
    "const { PGlite } = await import(process.argv[2]); const db = new PGlite(process.argv[1]); await db.waitReady; await db.close();";
  const result = spawnSync(
    process.execPath,
    ["--input-type=module", "-e", script, dir, import.meta.resolve("@electric-sql/pglite")],
    { encoding: "utf8" },
  );
  if (result.status !== 0)
    throw new Error(
      `could not create the embedded database in ${dir}: ${result.stderr.trim().split("\n").slice(-3).join(" ")}`,
    );
}

function ensureDir(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The embedded database lives in this sub-folder of DATA_DIR. */
export function pgliteDir(dataDir: string) {
  return path.join(dataDir, "pglite");
}
