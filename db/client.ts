import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
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

export type DatabaseTarget = { url: string; poolSize?: number } | { dataDir: string } | { memory: true };

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  if ("url" in target) {
    const client = postgres(target.url, {
      max: target.poolSize ?? 10,
      idle_timeout: 30,
      connect_timeout: 5,
      onnotice: () => {},
    });
    const db = drizzlePostgres(client, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      ping: (timeoutMs = 2000) => withTimeout(client`select 1`.then(() => undefined), timeoutMs),
      close: () => client.end({ timeout: 5 }),
    };
  }
  const client = "dataDir" in target ? new PGlite(ensureDir(target.dataDir)) : new PGlite();
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    ping: (timeoutMs = 2000) => withTimeout(db.execute(sql`select 1`).then(() => undefined), timeoutMs),
    close: () => client.close(),
  };
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
