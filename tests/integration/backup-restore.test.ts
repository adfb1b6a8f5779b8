import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema";
import { pgliteDir } from "../../db/client";
import { openServerDatabase, seedAccounts, type SeededAccounts } from "../support/seed-accounts";
import { signInOverHttp } from "../support/sign-in";
import { startServer, tempDir, type RunningServer } from "../support/server-process";
import { dropPostgresDatabase, testDbKind } from "../support/test-db";

// Backups that restore (docs/decisions/098): a populated database is backed up, wiped and
// restored, and the paid order, its invoice PDF, its document and a signed-in session still work.
// The embedded database with `npm run backup` / `npm run restore`; PostgreSQL with the pg_dump and
// pg_restore commands docs/operations.md gives.

const kind = testDbKind();
const PASSWORD = "backup-password-2026";
const unique = () => crypto.randomBytes(4).toString("hex");
const EMAILS = {
  client: `backup-client-${unique()}@example.com`,
  otherClient: `backup-other-${unique()}@example.com`,
  admin: `backup-admin-${unique()}@example.com`,
};
const HAS_PG_TOOLS = ["/usr/bin/pg_dump", "/usr/bin/pg_restore"].every((tool) => fs.existsSync(tool));

let seeded: SeededAccounts;
let dataDir: string;
let databaseUrl: string | undefined;
let server: RunningServer | undefined;

const serverEnv = () => ({
  NODE_ENV: "production",
  LOG_REQUESTS: "false",
  DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

function npmScript(script: "backup" | "restore", file: string) {
  return spawnSync(path.resolve("node_modules/.bin/tsx"), [`scripts/${script}.ts`, file], {
    encoding: "utf8",
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      SESSION_SECRET: "test-session-secret-0123456789abcdef0123456789",
      DATA_ENCRYPTION_KEYS: process.env.DATA_ENCRYPTION_KEYS,
    },
  });
}

/** The bytes of what the signed-in client downloads, or the status when it is not a 200. */
async function download(url: string, cookie: string) {
  const response = await fetch(url, { headers: { Cookie: cookie }, redirect: "manual" });
  if (response.status !== 200) return { status: response.status, sha256: "" };
  return {
    status: 200,
    sha256: crypto
      .createHash("sha256")
      .update(Buffer.from(await response.arrayBuffer()))
      .digest("hex"),
    type: response.headers.get("content-type"),
  };
}

describe.runIf(kind === "pglite" || HAS_PG_TOOLS)(`backup and restore (${kind})`, () => {
  beforeAll(async () => {
    const opened = await openServerDatabase("sanad-backup-");
    dataDir = opened.dataDir;
    databaseUrl = opened.databaseUrl;
    try {
      seeded = await seedAccounts(opened.handle, EMAILS, PASSWORD);
      // Paid: the server issues its tax invoice at start (issueMissingInvoices).
      await opened.handle.db
        .update(orders)
        .set({ paymentStatus: "paid", paidAt: new Date(), paidAmount: 65_000, status: "processing" })
        .where(eq(orders.id, seeded.order));
    } finally {
      await opened.handle.close();
    }
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    if (databaseUrl) await dropPostgresDatabase(databaseUrl);
  });

  it("backs up a populated database, wipes it, restores it: the paid order, its invoice, its document and a session still work", async () => {
    server = await startServer(serverEnv());
    const cookie = await signInOverHttp(server.url, EMAILS.client, PASSWORD);
    // The invoice is issued by a job at start: wait for its link on the order page.
    let invoicePath: string | undefined;
    for (let attempt = 0; attempt < 100 && !invoicePath; attempt++) {
      const page = await (
        await fetch(`${server.url}/dashboard/orders/${seeded.order}`, { headers: { Cookie: cookie } })
      ).text();
      invoicePath = /href="(\/tax-documents\/[^"]+)"/.exec(page)?.[1];
      if (!invoicePath) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(invoicePath, "the paid order's invoice").toBeTruthy();
    const before = {
      invoice: await download(`${server.url}${invoicePath}`, cookie),
      document: await download(`${server.url}/documents/${seeded.document}`, cookie),
    };
    expect(before.invoice).toMatchObject({ status: 200, type: "application/pdf" });
    expect(before.document.status).toBe(200);

    const file = path.join(tempDir("sanad-backup-file-"), "backup");
    if (kind === "pglite") {
      // While the server runs the embedded database is its own: the command says to stop it.
      const busy = npmScript("backup", file);
      expect(busy.status).toBe(1);
      expect(busy.stderr).toMatch(/stop the server, run the backup, start the server again/i);
      expect(fs.existsSync(file)).toBe(false);
      expect(await server.stop()).toBe(0);
      const made = npmScript("backup", file);
      expect(made.status, made.stderr).toBe(0);
      expect(made.stdout).toContain("DATA_ENCRYPTION_KEYS");
      // Wiped.
      fs.rmSync(pgliteDir(dataDir), { recursive: true, force: true });
      const restored = npmScript("restore", file);
      expect(restored.status, restored.stderr).toBe(0);
    } else {
      // The commands of docs/operations.md, while the server runs (pg_dump takes a consistent snapshot).
      const dumped = spawnSync("pg_dump", ["-Fc", databaseUrl!, "-f", file], { encoding: "utf8" });
      expect(dumped.status, dumped.stderr).toBe(0);
      expect(await server.stop()).toBe(0);
      // Wiped: the database dropped and created empty.
      const name = new URL(databaseUrl!).pathname.slice(1);
      const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
      try {
        await admin.unsafe(`drop database "${name}" with (force)`);
        await admin.unsafe(`create database "${name}"`);
      } finally {
        await admin.end();
      }
      const restored = spawnSync("pg_restore", ["--no-owner", "--exit-on-error", "-d", databaseUrl!, file], {
        encoding: "utf8",
      });
      expect(restored.status, restored.stderr).toBe(0);
    }

    server = await startServer(serverEnv());
    expect((await fetch(`${server.url}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" })).status).toBe(
      200,
    );
    const order = await fetch(`${server.url}/dashboard/orders/${seeded.order}`, { headers: { Cookie: cookie } });
    expect(order.status).toBe(200);
    expect(await order.text()).toContain(invoicePath);
    expect(await download(`${server.url}${invoicePath}`, cookie)).toEqual(before.invoice);
    expect(await download(`${server.url}/documents/${seeded.document}`, cookie)).toEqual(before.document);
  }, 240_000);
});
