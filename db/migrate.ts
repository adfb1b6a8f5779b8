import fs from "node:fs";
import path from "node:path";
import { type drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import type { DatabaseHandle } from "./client";

/** Where the committed migrations are, whether running from source or from build/server.js. */
export function migrationsFolder() {
  return path.resolve(process.env.MIGRATIONS_DIR ?? "db/migrations");
}

// Any constant works: every instance must use the same one.
const MIGRATION_LOCK_ID = 7_246_101;

/**
 * Applies pending migrations. Safe on every start and from several instances at once: on
 * PostgreSQL a session advisory lock, held on a dedicated connection, lets one instance migrate
 * while the others wait, then find nothing left to do.
 */
export async function migrateDatabase(handle: DatabaseHandle, url?: string) {
  const migrationsDir = migrationsFolder();
  // Started from another folder, the relative path misses the migrations: say so, rather than
  // Drizzle's "Can't find meta/_journal.json".
  if (!fs.existsSync(path.join(migrationsDir, "meta", "_journal.json"))) {
    throw new Error(
      `no migrations in ${migrationsDir}: start the server from the project folder (cd into it, then npm start or node build/server.js), or set MIGRATIONS_DIR to the folder holding db/migrations`,
    );
  }
  if (handle.kind === "postgres") {
    if (!url) throw new Error("migrateDatabase: the PostgreSQL URL is required");
    const client = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
    try {
      await client`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
      await migratePostgres(drizzlePostgres(client), { migrationsFolder: migrationsDir });
      await client`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
    } finally {
      await client.end({ timeout: 5 });
    }
    return;
  }
  // PGlite allows one process per folder, so there is no one to race with.
  await migratePglite(handle.db as unknown as ReturnType<typeof drizzlePglite>, { migrationsFolder: migrationsDir });
}
