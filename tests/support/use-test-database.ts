import { afterAll, beforeAll } from "vitest";
import { useDatabaseForTests } from "../../app/db.server";
import { createTestDatabase, testDbKind, type TestDatabase } from "./test-db";

/**
 * The database of an integration test file (or of the describe block it is called in): a fresh,
 * migrated database of the run's kind (PGlite, or PostgreSQL with TEST_DATABASE_URL), made before
 * the block's tests and set as the app's `db`, then dropped after them.
 *
 * Call it first in the block: hooks run in the order they are registered, so the block's own
 * `beforeAll` finds the database ready, and its `afterAll` runs before the database goes. Read
 * `t.handle` (and `t.kind`, `t.url`) inside hooks and tests, never while the file is being loaded.
 */
export function useTestDatabase(): TestDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase(testDbKind());
    useDatabaseForTests(current.handle);
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    await current?.drop();
    current = undefined;
  });
  const made = () => {
    if (!current) throw new Error("the test database is made in beforeAll: read it inside hooks and tests");
    return current;
  };
  return {
    get kind() {
      return made().kind;
    },
    get handle() {
      return made().handle;
    },
    get url() {
      return made().url;
    },
    drop: () => made().drop(),
  };
}
