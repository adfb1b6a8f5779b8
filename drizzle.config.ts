import { defineConfig } from "drizzle-kit";

// Migrations are generated here and applied at start-up (db/migrate.ts) on both
// PostgreSQL and the embedded PGlite; generation needs no database connection.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
});
