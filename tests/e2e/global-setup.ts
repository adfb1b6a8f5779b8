import fs from "node:fs";
import path from "node:path";
import { startFakeSmtp } from "../support/fake-smtp";
import { startServer } from "../support/server-process";
import { createPostgresDatabase, dropPostgresDatabase } from "../support/test-db";

/**
 * Starts what the browser tests talk to: a real local SMTP server (with an HTTP API to read the
 * mail), a fresh database (PostgreSQL when TEST_DATABASE_URL is set, else an embedded one in a
 * throw-away folder) and the production build of the server on a free port.
 * Values reach the test workers through process.env.
 */
export default async function globalSetup() {
  const smtp = await startFakeSmtp();
  const databaseUrl = process.env.TEST_DATABASE_URL ? await createPostgresDatabase() : undefined;
  const server = await startServer({
    NODE_ENV: "production",
    SMTP_URL: smtp.url,
    STAFF_EMAIL: "staff-inbox@example.com",
    ALLOW_TEST_PAYMENTS: "true",
    DATABASE_URL: databaseUrl,
    LOG_REQUESTS: "false",
  });
  // Chromium treats localhost as a secure context, so the production (Secure) cookies work over http.
  const baseUrl = server.url.replace("127.0.0.1", "localhost");
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_API = smtp.apiUrl;
  if (databaseUrl) process.env.E2E_DATABASE_URL = databaseUrl;
  fs.mkdirSync("test-results", { recursive: true });
  fs.writeFileSync(path.join("test-results", "e2e-server.json"), JSON.stringify({ baseUrl, mailApi: smtp.apiUrl, databaseUrl: databaseUrl ?? null }));

  return async () => {
    await server.stop();
    fs.writeFileSync(path.join("test-results", "e2e-server.log"), server.output());
    await smtp.close();
    if (databaseUrl) await dropPostgresDatabase(databaseUrl);
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  };
}
