import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../app/auth/password.server";
import { users } from "../../db/schema";
import { cookieFrom, postForm } from "../support/http";
import { openServerDatabase } from "../support/seed-accounts";
import { startServer, tempDir, type RunningServer } from "../support/server-process";
import { signInOverHttp } from "../support/sign-in";
import { dropPostgresDatabase, testDbKind } from "../support/test-db";

// Sessions and rate limits at the HTTP level, against the production build: tampered, unknown and
// replayed-after-password-change cookies are signed out; limits hold across two instances sharing
// one database; the client address for limits comes from trusted proxy hops only.

const kind = testDbKind();
const PASSWORD = "sessions-password-2026";
/** The secret tests/support/server-process.ts starts the server with: the test can sign cookies as the server does. */
const SESSION_SECRET = "test-session-secret-0123456789abcdef0123456789";

/** A fresh database (PostgreSQL, or an embedded one in its own data folder) with one verified client; closed before a server opens it. */
async function prepareDatabase(email: string) {
  const { dataDir, databaseUrl: url, handle } = await openServerDatabase("sanad-sessions-");
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_REQUESTS: "false",
    ...(url ? { DATABASE_URL: url } : {}),
  };
  let userId: string;
  try {
    const [row] = await handle.db
      .insert(users)
      .values({
        email,
        passwordHash: await hashPassword(PASSWORD),
        fullName: "Session Tester",
        role: "client",
        emailConfirmedAt: new Date(),
      })
      .returning({ id: users.id });
    userId = row!.id;
  } finally {
    await handle.close();
  }
  return {
    env,
    url,
    userId,
    drop: async () => (url ? dropPostgresDatabase(url) : undefined),
  };
}

/** "in" when the dashboard opens with this cookie, "out" when it sends to the sign-in page. */
async function dashboardWith(server: RunningServer, cookie: string): Promise<"in" | "out" | string> {
  const response = await fetch(`${server.url}/dashboard`, {
    headers: { Cookie: cookie },
    redirect: "manual",
  });
  await response.arrayBuffer();
  if (response.status === 200) return "in";
  if (response.status === 302 && (response.headers.get("location") ?? "").startsWith(`${server.url}/client-login`))
    return "out";
  return `HTTP ${response.status} ${response.headers.get("location") ?? ""}`;
}

function inquiry(email: string) {
  return {
    mode: "fetch",
    fullName: "Limit Tester",
    email,
    phone: "+971 50 123 4567",
    country: "UAE",
    serviceType: "legal-consultation",
    message: `Question from ${email}`,
    consent: "on",
    sourcePage: "/contact",
  };
}

/** Posts one valid inquiry (as a fetcher does) and returns the status: 200 stored, 429 over the limit. */
async function postInquiry(server: RunningServer, headers: Record<string, string> = {}) {
  const email = `limit-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const response = await postForm(server.url, "/inquiry.data", inquiry(email), { headers });
  await response.arrayBuffer();
  return response.status;
}

describe(`sessions over HTTP on ${kind}`, () => {
  const email = `sessions-${Date.now()}@example.com`;
  let server: RunningServer;
  let db: Awaited<ReturnType<typeof prepareDatabase>>;

  beforeAll(async () => {
    db = await prepareDatabase(email);
    // Also serves the untrusted-proxy check below (two inquiries per address and hour).
    server = await startServer({
      ...db.env,
      INQUIRY_RATE_LIMIT: "2",
      TRUST_PROXY: "0",
    });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  /** A session cookie signed with the server's secret, as the server would sign it, with the given contents. */
  async function signedCookie(content: unknown) {
    const cookie = createCookie("__session", { secrets: [SESSION_SECRET], path: "/", sameSite: "lax", httpOnly: true });
    return (await cookie.serialize(content)).split(";")[0]!;
  }

  it("signs out a cookie whose contents or signature were edited", async () => {
    const cookie = await signInOverHttp(server.url, email, PASSWORD);
    expect(await dashboardWith(server, cookie)).toBe("in");
    const value = decodeURIComponent(cookie.slice("__session=".length));
    const dot = value.lastIndexOf(".");
    // Another token with the original signature.
    const edited = Buffer.from(JSON.stringify(crypto.randomBytes(32).toString("base64url"))).toString("base64");
    expect(await dashboardWith(server, `__session=${encodeURIComponent(`${edited}.${value.slice(dot + 1)}`)}`)).toBe(
      "out",
    );
    // The original contents with one character of the signature changed.
    const signature = value.slice(dot + 1);
    const flipped = (signature[0] === "A" ? "B" : "A") + signature.slice(1);
    expect(await dashboardWith(server, `__session=${encodeURIComponent(`${value.slice(0, dot)}.${flipped}`)}`)).toBe(
      "out",
    );
    // No signature at all.
    expect(await dashboardWith(server, `__session=${encodeURIComponent(value.slice(0, dot))}`)).toBe("out");
  });

  it("signs out a correctly signed cookie that names no session, whatever it holds, never with a 500", async () => {
    // Signed with the server's secret (so the signature passes): an unknown token, the old
    // cookie format (a user id), other JSON, a huge value.
    const contents: unknown[] = [
      crypto.randomBytes(32).toString("base64url"),
      { userId: crypto.randomUUID(), version: 1, issuedAt: Date.now() },
      ["a", 1],
      null,
      "x".repeat(3000),
      "' or 1=1 --",
    ];
    for (const content of contents)
      expect(await dashboardWith(server, await signedCookie(content)), JSON.stringify(content).slice(0, 40)).toBe(
        "out",
      );
    for (const raw of ["%", "%E0%A4%A", "..", "=".repeat(500), "%00"])
      expect(await dashboardWith(server, `__session=${raw}`), raw).toBe("out");
  });

  it("signs out every cookie issued before a password change, including the one that made the change when replayed", async () => {
    const thisDevice = await signInOverHttp(server.url, email, PASSWORD);
    const otherDevice = await signInOverHttp(server.url, email, PASSWORD);
    expect(await dashboardWith(server, otherDevice)).toBe("in");
    const newPassword = "changed-password-2026-x";
    const changed = await postForm(
      server.url,
      "/dashboard/settings",
      { intent: "password", currentPassword: PASSWORD, password: newPassword, confirmPassword: newPassword },
      { cookie: thisDevice },
    );
    expect(changed.status).toBe(302);
    const renewed = cookieFrom(changed, "__session");
    expect(renewed).toBeTruthy();
    expect(await dashboardWith(server, renewed!)).toBe("in");
    expect(await dashboardWith(server, otherDevice)).toBe("out");
    expect(await dashboardWith(server, thisDevice)).toBe("out");
    // Put the password back for the other tests (through the form, with the renewed cookie).
    const back = await postForm(
      server.url,
      "/dashboard/settings",
      { intent: "password", currentPassword: newPassword, password: PASSWORD, confirmPassword: PASSWORD },
      { cookie: renewed! },
    );
    expect(back.status).toBe(302);
    expect(await dashboardWith(server, renewed!)).toBe("out");
  });

  it("ignores X-Forwarded-For when no proxy is trusted: a spoofed header buys no fresh budget", async () => {
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push(await postInquiry(server, { "X-Forwarded-For": `203.0.113.${i}` }));
    expect(statuses).toEqual([200, 200, 429, 429]);
  });
});

describe(`the client address for rate limits on ${kind}`, () => {
  // Two inquiries per address and hour; the server has its own database. (No trusted proxy: see the sessions server above.)
  const started: Array<{
    server: RunningServer;
    drop: () => Promise<unknown>;
  }> = [];
  async function serverWith(env: Record<string, string>) {
    const db = await prepareDatabase(`proxy-${crypto.randomBytes(3).toString("hex")}@example.com`);
    const server = await startServer({
      ...db.env,
      INQUIRY_RATE_LIMIT: "2",
      ...env,
    });
    started.push({ server, drop: db.drop });
    return server;
  }
  afterAll(async () => {
    for (const { server, drop } of started) {
      await server.stop();
      await drop();
    }
  });

  it("with one trusted proxy hop, counts the address the proxy saw, not what the client wrote before it", async () => {
    const server = await serverWith({ TRUST_PROXY: "1" });
    // The proxy appends the address it saw (198.51.100.7); the client prepended a different one each time.
    const statuses = [];
    for (let i = 1; i <= 3; i++)
      statuses.push(
        await postInquiry(server, {
          "X-Forwarded-For": `192.0.2.${i}, 198.51.100.7`,
        }),
      );
    expect(statuses).toEqual([200, 200, 429]);
    // Another client behind the same proxy has its own budget.
    expect(await postInquiry(server, { "X-Forwarded-For": "198.51.100.8" })).toBe(200);
  }, 120_000);
});

describe.runIf(kind === "postgres")("rate limits across two instances sharing one PostgreSQL database", () => {
  it("counts hits on both instances together", async () => {
    const db = await prepareDatabase(`two-${crypto.randomBytes(3).toString("hex")}@example.com`);
    const env = { ...db.env, INQUIRY_RATE_LIMIT: "3" };
    const first = await startServer(env);
    const second = await startServer({
      ...env,
      DATA_DIR: tempDir("sanad-second-"),
    });
    try {
      const statuses = [
        await postInquiry(first),
        await postInquiry(second),
        await postInquiry(first),
        await postInquiry(second),
        await postInquiry(first),
      ];
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await first.stop();
      await second.stop();
      await db.drop();
    }
  }, 120_000);
});
