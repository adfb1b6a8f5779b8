import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { expandOnlyViolations, newestMigration, schemaSource } from "../support/migration-rules";

// docs/decisions/097: during a rolling deploy the previous release runs on the new schema, so the
// newest migration only adds; a contract step follows a release that no longer reads the column.

describe("zero-downtime schema changes", () => {
  it("the newest migration drops, renames and retypes nothing the previous release still reads", () => {
    const { tag, sql } = newestMigration();
    expect(tag).toMatch(/^\d{4}_/);
    expect(
      expandOnlyViolations(sql, schemaSource()),
      `${tag} breaks the instances of the previous release: see docs/decisions/097`,
    ).toEqual([]);
  });

  const schema = 'export const users = pgTable("users", { email: text("email") });';
  it("finds what breaks the previous release, as drizzle-kit writes it", () => {
    const reasons = (sql: string) => expandOnlyViolations(sql, schema).map((violation) => violation.reason);
    expect(reasons('ALTER TABLE "users" DROP COLUMN "session_version";')).toEqual(["drops a column"]);
    expect(reasons('ALTER TABLE "users" RENAME COLUMN "email" TO "email_address";')).toEqual(["renames a column"]);
    expect(reasons('ALTER TABLE "coupons" RENAME TO "discounts";')).toEqual(["renames a table"]);
    expect(reasons('DROP TABLE "web_vitals" CASCADE;')).toEqual(["drops a table"]);
    expect(reasons('ALTER TABLE "orders" ALTER COLUMN "amount" SET DATA TYPE bigint;')).toEqual([
      "changes a column's type",
    ]);
    expect(
      reasons(
        'ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint\nCREATE INDEX "users_locale_idx" ON "users" ("locale");',
      ),
    ).toEqual([]);
  });

  it("allows a contract step once the code no longer reads the column, and says so", () => {
    const contract =
      '-- contract: users.session_version (unused since the release of 2026-11)\nALTER TABLE "users" DROP COLUMN "session_version";';
    expect(expandOnlyViolations(contract, schema)).toEqual([]);
    // The schema still names it: the code still reads it.
    const early = '-- contract: users.email\nALTER TABLE "users" DROP COLUMN "email";';
    expect(expandOnlyViolations(early, schema).map((violation) => violation.reason)).toEqual([
      "drops a column the schema still names",
    ]);
  });

  it("would have stopped the two earlier migrations that dropped columns in one step", () => {
    for (const file of ["db/migrations/0003_sessions_replace_session_version.sql", "db/migrations/0004_money.sql"]) {
      expect(expandOnlyViolations(fs.readFileSync(file, "utf8"), schemaSource()).length, file).toBeGreaterThan(0);
    }
  });
});
