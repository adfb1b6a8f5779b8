import crypto from "node:crypto";
import postgres from "postgres";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { templateSnapshot } from "./pglite-template";

export type TestDbKind = "pglite" | "postgres";

export function testDbKind(): TestDbKind {
  return process.env.TEST_DB_KIND === "postgres" ? "postgres" : "pglite";
}

export type TestDatabase = {
  kind: TestDbKind;
  handle: DatabaseHandle;
  /** PostgreSQL only: the URL of this test's own database. */
  url?: string;
  drop(): Promise<void>;
};

/**
 * A fresh, migrated database: an in-memory PGlite (a copy of the prepared template when there is
 * one; `fromNothing` creates and migrates it from scratch), or a new database on the
 * TEST_DATABASE_URL server.
 */
export async function createTestDatabase(
  kind: TestDbKind = testDbKind(),
  { fromNothing = false } = {},
): Promise<TestDatabase> {
  if (kind === "pglite") {
    const handle = openDatabase({ memory: true, snapshot: fromNothing ? undefined : templateSnapshot() });
    await migrateDatabase(handle);
    return { kind, handle, drop: () => handle.close() };
  }
  const url = await createPostgresDatabase();
  const handle = openDatabase({ url, poolSize: 5 });
  await migrateDatabase(handle, url);
  return {
    kind,
    handle,
    url,
    drop: async () => {
      await handle.close();
      await dropPostgresDatabase(url);
    },
  };
}

/** Creates an empty database on the TEST_DATABASE_URL server and returns its URL. */
export async function createPostgresDatabase(): Promise<string> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const name = `t_${Date.now().toString(36)}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPostgresDatabase(url: string) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return;
  const name = new URL(url).pathname.slice(1);
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

/** The rows of a raw `db.execute(sql…)` result: postgres.js returns an array, PGlite `{ rows }`. */
export function resultRows(result: unknown): Array<Record<string, unknown>> {
  return Array.isArray(result)
    ? (result as Array<Record<string, unknown>>)
    : ((result as { rows?: Array<Record<string, unknown>> }).rows ?? []);
}
