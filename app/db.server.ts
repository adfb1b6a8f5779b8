import { openDatabase, pgliteDir, type Database, type DatabaseHandle } from "../db/client";
import { claimDataFolder } from "../db/data-folder-lock";
import { migrateDatabase } from "../db/migrate";
import { getEnv } from "./env.server";

export type { Database, Queryable, Transaction } from "../db/client";

type Holder = { handle?: DatabaseHandle; release?: () => void };
// server.ts and the Remix build are two bundles: one holder on globalThis keeps one connection pool.
const holderKey = Symbol.for("sanad.database");
function holder(): Holder {
  const g = globalThis as { [holderKey]?: Holder };
  g[holderKey] ??= {};
  return g[holderKey];
}

/**
 * Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, else the
 * embedded PGlite under DATA_DIR (claimed for this process). Idempotent.
 */
export function openAppDatabase(owner = "server"): DatabaseHandle {
  const h = holder();
  if (h.handle) return h.handle;
  const env = getEnv();
  if (env.DATABASE_URL) {
    h.handle = openDatabase({
      url: env.DATABASE_URL,
      poolSize: env.DATABASE_POOL_SIZE,
      timeouts: {
        connectMs: env.DATABASE_CONNECT_TIMEOUT_MS,
        statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
        idleInTransactionMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      },
    });
  } else {
    const dir = pgliteDir(env.dataDir);
    h.release = claimDataFolder(dir, owner);
    h.handle = openDatabase({ dataDir: dir });
  }
  return h.handle;
}

/** Applies pending migrations to the configured database. */
export async function migrateAppDatabase() {
  await migrateDatabase(openAppDatabase(), getEnv().DATABASE_URL);
}

export async function closeAppDatabase() {
  const h = holder();
  const handle = h.handle;
  h.handle = undefined;
  if (handle) await handle.close();
  h.release?.();
  h.release = undefined;
}

/** Tests: use this handle (e.g. an in-memory PGlite or a fresh PostgreSQL database) as the app's. */
export function useDatabaseForTests(handle: DatabaseHandle | undefined) {
  holder().handle = handle;
}

export function getDatabaseHandle(): DatabaseHandle {
  return openAppDatabase();
}

/**
 * The app's database. A thin proxy to the current handle, so modules can import `db` directly
 * while the server (and tests) decide which database it is.
 */
export const db: Database = new Proxy({} as Database, {
  get(_target, property) {
    const real = openAppDatabase().db;
    const value: unknown = Reflect.get(real, property, real);
    return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(real) : value;
  },
});

/**
 * A query built once per database instead of on every call (drizzle's query building is a
 * measurable part of a signed-in page): `build` receives the current database and returns its
 * prepared query (`.prepare(name)` with `sql.placeholder`s); the same one is given back until the
 * database changes (tests switch databases).
 */
export function preparedQuery<T>(build: (database: Database) => T): () => T {
  const byDatabase = new WeakMap<Database, T>();
  return () => {
    const real = openAppDatabase().db;
    let query = byDatabase.get(real);
    if (query === undefined) {
      query = build(real);
      byDatabase.set(real, query);
    }
    return query;
  };
}
