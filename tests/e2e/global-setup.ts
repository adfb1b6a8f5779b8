import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startFakeSmtp } from "../support/fake-smtp";
import { createFirstAdmin } from "../support/first-admin";
import { ADMIN_TOTP_STATE } from "../support/browser-accounts";
import { startServer, tempDir, TEST_DATA_ENCRYPTION_KEYS } from "../support/server-process";
import { createPostgresDatabase, dropPostgresDatabase } from "../support/test-db";

/**
 * Starts what the browser tests talk to: a real local SMTP server (with an HTTP API to read the
 * mail), a fresh database (PostgreSQL when TEST_DATABASE_URL is set, else an embedded one in a
 * throw-away folder) and the production build of the server on a free port.
 * Values reach the test workers through process.env.
 */
export default async function globalSetup() {
  // Workers that read the database directly decrypt with the servers' key.
  process.env.DATA_ENCRYPTION_KEYS ??= TEST_DATA_ENCRYPTION_KEYS;
  const smtp = await startFakeSmtp();
  const databaseUrl = process.env.TEST_DATABASE_URL ? await createPostgresDatabase() : undefined;
  // Orders in known states for the back-office tests, written before the server owns the database.
  const dataDir = tempDir();
  const seed = spawnSync(process.execPath, ["--import", "tsx", "tests/support/seed-backoffice.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: "test-session-secret-0123456789abcdef0123456789",
      DATA_ENCRYPTION_KEYS: TEST_DATA_ENCRYPTION_KEYS,
    },
    encoding: "utf8",
  });
  if (seed.status !== 0) throw new Error(`back-office seed failed:\n${seed.stderr}`);
  process.env.E2E_BACKOFFICE = seed.stdout.trim().split("\n").pop();
  const server = await startServer({
    // The browser's address (below): redirects carry absolute addresses on SITE_URL.
    SITE_URL: "http://localhost:{port}",
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    SMTP_URL: smtp.url,
    STAFF_EMAIL: "staff-inbox@example.com",
    ALLOW_TEST_PAYMENTS: "true",
    // Demo install: the demo coupon (WELCOME10) exists; the checkout spec applies it.
    DEMO_DATA: "true",
    DATABASE_URL: databaseUrl,
    LOG_REQUESTS: "false",
    // Every test posts from the same address: keep the per-address limits out of the way.
    INQUIRY_RATE_LIMIT: "100000",
    CHAT_RATE_LIMIT: "100000",
    VITALS_RATE_LIMIT: "100000",
  });
  // Chromium treats localhost as a secure context, so the production (Secure) cookies work over http.
  const baseUrl = server.url.replace("127.0.0.1", "localhost");
  // The first admin, made through the one-time set-up link the server printed, with two-factor
  // sign-in set up; the step of each code used is remembered in a file the test workers share.
  fs.mkdirSync("test-results", { recursive: true });
  fs.rmSync(ADMIN_TOTP_STATE, { force: true });
  fs.rmSync(`${ADMIN_TOTP_STATE}.lock`, { recursive: true, force: true });
  const admin = await createFirstAdmin(server, undefined, { stateFile: ADMIN_TOTP_STATE });
  process.env.E2E_ADMIN_EMAIL = admin.email;
  process.env.E2E_ADMIN_PASSWORD = admin.password;
  process.env.E2E_ADMIN_TOTP_SECRET = admin.totpSecret;
  // Per project, a client promoted to admin by the first admin: one more admin who has not set up two-factor sign-in.
  for (const project of Object.values(
    (JSON.parse(process.env.E2E_BACKOFFICE!) as { projects: Record<string, { newAdmin: { id: string } }> }).projects,
  )) {
    const promoted = await fetch(`${server.url}/admin/users`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: admin.cookie },
      body: new URLSearchParams({ userId: project.newAdmin.id, role: "admin" }).toString(),
    });
    if (promoted.status !== 303) throw new Error(`promoting a test admin failed: HTTP ${promoted.status}`);
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_API = smtp.apiUrl;
  if (databaseUrl) process.env.E2E_DATABASE_URL = databaseUrl;
  fs.writeFileSync(
    path.join("test-results", "e2e-server.json"),
    JSON.stringify({ baseUrl, mailApi: smtp.apiUrl, databaseUrl: databaseUrl ?? null }),
  );

  return async () => {
    await server.stop();
    fs.writeFileSync(path.join("test-results", "e2e-server.log"), server.output());
    await smtp.close();
    if (databaseUrl) await dropPostgresDatabase(databaseUrl);
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  };
}
