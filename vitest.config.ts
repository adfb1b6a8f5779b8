import { defineConfig } from "vitest/config";

const integration = ["tests/integration/**/*.test.ts"];
// The integration suite runs on the embedded PGlite always, and again on PostgreSQL when
// TEST_DATABASE_URL names a server (CI does): each test file gets its own fresh database.
const databases = process.env.TEST_DATABASE_URL ? (["pglite", "postgres"] as const) : (["pglite"] as const);

export default defineConfig({
  test: {
    // Builds the migrated embedded database every PGlite test copies, instead of creating its own.
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    testTimeout: 30_000,
    // Test processes and the servers they start encrypt stored data with the same key (tests/support/server-process.ts).
    env: { DATA_ENCRYPTION_KEYS: "dGVzdC1kYXRhLWtleS0wMTIzNDU2Nzg5YWJjZGVmMDE=" },
    hookTimeout: 60_000,
    // Integration files start their own database (and some a server): two at a time suit a 2-core machine.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node" } },
      ...databases.map((kind) => ({
        extends: true as const,
        test: {
          name: `integration:${kind}`,
          include: integration,
          env: { TEST_DB_KIND: kind, NODE_ENV: "test" as const },
          // These tests start databases, servers and fakes on a shared CI machine: one retry in CI
          // absorbs a stalled machine; a real fault still fails both attempts.
          retry: process.env.CI ? 1 : 0,
        },
      })),
    ],
  },
});
