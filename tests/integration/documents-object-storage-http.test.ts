import { execFile } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../app/auth/password.server";
import { openDatabase, pgliteDir, type DatabaseHandle } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { users } from "../../db/schema";
import { startFakeS3, type FakeS3 } from "../support/fake-s3";
import { cookieFrom, postForm } from "../support/http";
import { startServer, tempDir, type RunningServer } from "../support/server-process";
import { signInOverHttp } from "../support/sign-in";
import { createPostgresDatabase, dropPostgresDatabase, testDbKind } from "../support/test-db";

// Documents in a bucket through a real server (the production build) and the real SDK against
// the S3 fake: a checkout's upload is stored sealed in the bucket and downloads byte for byte for
// its owner only; with the bucket down the checkout answers 503 in Arabic with the form kept.

const execFileAsync = promisify(execFile);
const kind = testDbKind();
const PASSWORD = "bucket-http-password-2026";
const stamp = Date.now();
const OWNER = `bucket-owner-${stamp}@example.com`;
const OTHER = `bucket-other-${stamp}@example.com`;
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), crypto.randomBytes(300 * 1024), Buffer.from("\n%%EOF\n")]);

describe(`documents in a bucket over HTTP on ${kind}`, () => {
  let server: RunningServer;
  let s3: FakeS3;
  let databaseUrl: string | undefined;
  let serverEnv: Record<string, string>;
  let documentUrl: string;

  async function withCart(session: string) {
    const cart = await postForm(
      server.url,
      "/cart/update",
      { intent: "add", serviceType: "travel-ban", tierId: "basic" },
      { cookie: session },
    );
    return `${session}; ${cookieFrom(cart, "__cart")}`;
  }
  function checkout(cookie: string, path = "/checkout") {
    const body = new FormData();
    for (const [name, value] of Object.entries({
      intent: "pay",
      legalName: "Aisha Rahman",
      email: OWNER,
      phone: "+971 50 123 4567",
      state: "Dubai",
      description: "Travel ban check.",
    }))
      body.append(name, value);
    body.append("documents", new File([new Uint8Array(PDF)], "passport.pdf", { type: "application/pdf" }));
    return fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, Cookie: cookie },
      body,
      signal: AbortSignal.timeout(60_000),
    });
  }

  beforeAll(async () => {
    s3 = await startFakeS3();
    const dataDir = tempDir("sanad-bucket-http-");
    const env: Record<string, string> = { DATA_DIR: dataDir, LOG_REQUESTS: "false", ...s3.env() };
    let handle: DatabaseHandle;
    if (kind === "postgres") {
      databaseUrl = await createPostgresDatabase();
      env.DATABASE_URL = databaseUrl;
      handle = openDatabase({ url: databaseUrl, poolSize: 1 });
      await migrateDatabase(handle, databaseUrl);
    } else {
      handle = openDatabase({ dataDir: pgliteDir(dataDir) });
      await migrateDatabase(handle);
    }
    try {
      const passwordHash = await hashPassword(PASSWORD);
      await handle.db.insert(users).values([
        { email: OWNER, passwordHash, fullName: "Aisha Rahman", role: "client", emailConfirmedAt: new Date() },
        { email: OTHER, passwordHash, fullName: "Someone Else", role: "client", emailConfirmedAt: new Date() },
      ]);
    } finally {
      await handle.close();
    }
    serverEnv = env;
    server = await startServer(env);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await s3?.close();
    if (databaseUrl) await dropPostgresDatabase(databaseUrl);
  });

  it("stores the upload sealed in the bucket and serves it to its owner only", async () => {
    const owner = await withCart(await signInOverHttp(server.url, OWNER, PASSWORD));
    const answer = await checkout(owner);
    expect(answer.status, await answer.clone().text()).toBe(303);
    expect(s3.objects.size).toBe(1);
    const [stored] = [...s3.objects.values()];
    expect(stored!.subarray(0, 5).toString("latin1")).toBe("SNDE1");
    expect(stored!.includes(PDF.subarray(0, 64))).toBe(false);

    // The order's page links the document; the link downloads the very bytes uploaded.
    const dashboard = await (await fetch(`${server.url}/dashboard`, { headers: { Cookie: owner } })).text();
    const orderId = /\/dashboard\/orders\/([0-9a-f-]{36})/.exec(dashboard)?.[1];
    expect(orderId, "the dashboard lists the order").toBeTruthy();
    const page = await (
      await fetch(`${server.url}/dashboard/orders/${orderId}`, { headers: { Cookie: owner } })
    ).text();
    const documentId = /\/documents\/([0-9a-f-]{36})/.exec(page)?.[1];
    expect(documentId, "the order page links the document").toBeTruthy();
    documentUrl = `/documents/${documentId}`;
    const download = await fetch(`${server.url}/documents/${documentId}`, { headers: { Cookie: owner } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);

    const other = await signInOverHttp(server.url, OTHER, PASSWORD);
    expect((await fetch(`${server.url}/documents/${documentId}`, { headers: { Cookie: other } })).status).toBe(404);
  });

  it("answers 503 in Arabic with the form kept when the bucket is down, and stores nothing", async () => {
    s3.down(true);
    try {
      const owner = await withCart(await signInOverHttp(server.url, OWNER, PASSWORD));
      const before = s3.objects.size;
      const answer = await checkout(owner, "/ar/checkout");
      expect(answer.status).toBe(503);
      const html = await answer.text();
      expect(html).toContain("مخزن المستندات");
      expect(html).toContain("Travel ban check.");
      expect(s3.objects.size).toBe(before);
    } finally {
      s3.down(false);
    }
  });

  it("npm run documents:to-database and documents:to-bucket move it both ways, each run safe to repeat", async () => {
    // The embedded database belongs to one process: the commands run while the server is stopped.
    const run = async (direction: "to-bucket" | "to-database") => {
      await server.stop();
      const result = await execFileAsync(
        path.resolve("node_modules/.bin/tsx"),
        ["scripts/documents-move.ts", direction],
        {
          encoding: "utf8",
          env: {
            PATH: process.env.PATH,
            NODE_ENV: "test",
            SESSION_SECRET: "test-session-secret-0123456789abcdef0123456789",
            DATA_ENCRYPTION_KEYS: process.env.DATA_ENCRYPTION_KEYS,
            ...serverEnv,
          },
        },
      );
      server = await startServer(serverEnv);
      return result.stdout;
    };
    const download = async () => {
      const cookie = await signInOverHttp(server.url, OWNER, PASSWORD);
      const answer = await fetch(`${server.url}${documentUrl}`, { headers: { Cookie: cookie } });
      return answer.status === 200 ? Buffer.from(await answer.arrayBuffer()) : answer.status;
    };

    expect(await run("to-database")).toContain("done, 1 document moved into the database");
    expect(s3.objects.size).toBe(0);
    expect(await run("to-database")).toContain("done, 0 documents moved");
    // In the database now: it downloads with the bucket down.
    s3.down(true);
    try {
      expect(await download()).toEqual(PDF);
    } finally {
      s3.down(false);
    }
    expect(await run("to-bucket")).toContain("done, 1 document moved to the bucket");
    expect(await run("to-bucket")).toContain("done, 0 documents moved");
    expect(s3.objects.size).toBe(1);
    expect(await download()).toEqual(PDF);
  }, 240_000);
});
