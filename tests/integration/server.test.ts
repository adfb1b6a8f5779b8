import crypto from "node:crypto";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, dropPostgresDatabase, testDbKind } from "../support/test-db";
import { startServer, startServerBehindRelay, tempDir, type RunningServer } from "../support/server-process";

const kind = testDbKind();

/** Environment that points a spawned server at this run's kind of database. */
async function databaseEnv(): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  if (kind === "pglite") return { env: {}, cleanup: async () => {} };
  const url = await createPostgresDatabase();
  return { env: { DATABASE_URL: url }, cleanup: () => dropPostgresDatabase(url) };
}

describe(`the production server on ${kind}`, () => {
  let server: RunningServer;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const db = await databaseEnv();
    cleanup = db.cleanup;
    server = await startServer(db.env);
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
  });

  it("answers /healthz and /readyz", async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", database: "ok" });
  });

  it("sends a page rendered per request a nonce-based CSP whose nonce is on every script tag, and the other security headers", async () => {
    // An account page is never shared (decision 091): rendered per request, with its own nonce.
    const response = await fetch(`${server.url}/client-login`);
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src ")) ?? "";
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-powered-by")).toBeNull();
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f]{16}$/);
    // A fresh nonce per request.
    const again = await fetch(`${server.url}/client-login`);
    expect(again.headers.get("content-security-policy")).not.toBe(csp);
  });

  it("sends a shared page a CSP that allows exactly its inline scripts by their hashes, and no nonce", async () => {
    for (const pathname of ["/", "/ar", "/ban-checks/travel-ban-check"]) {
      // A returning visitor (the language remembered): nothing to set, so the answer is the shared one.
      const response = await fetch(`${server.url}${pathname}`, {
        headers: { Cookie: `lang=${pathname.startsWith("/ar") ? "ar" : "en"}` },
      });
      expect(response.headers.get("cache-control"), pathname).toMatch(
        /^public, max-age=\d+, stale-while-revalidate=\d+$/,
      );
      const csp = response.headers.get("content-security-policy") ?? "";
      const scriptSrc = (csp.split(";").find((d) => d.trim().startsWith("script-src ")) ?? "")
        .trim()
        .split(/\s+/)
        .slice(1);
      expect(scriptSrc, pathname).not.toContain("'unsafe-inline'");
      expect(csp).not.toMatch(/nonce/);
      const html = await response.text();
      expect(html).not.toMatch(/\snonce=/);
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes]) => !/\ssrc=/.test(attributes!) && !/type="application\/ld\+json"/.test(attributes!),
      );
      expect(inline.length, pathname).toBeGreaterThan(0);
      const hashes = new Set(
        inline.map(([, , text]) => `'sha256-${crypto.createHash("sha256").update(text!).digest("base64")}'`),
      );
      expect(new Set(scriptSrc.filter((source) => source.startsWith("'sha256-"))), pathname).toEqual(hashes);
      expect(
        scriptSrc.filter((source) => !source.startsWith("'sha256-")),
        pathname,
      ).toEqual(["'self'"]);
    }
  });

  it("renders the not-found page with status 404 for unknown paths, in English and Arabic", async () => {
    for (const path of ["/no-such-page", "/ban-checks/nothing-here", "/xx/about", "/a/b/c/d"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html).toContain("Oops! Page not found");
      expect(html).toMatch(/<a[^>]+href="\/"[^>]*>Return to Home<\/a>/);
    }
    const arabic = await fetch(`${server.url}/ar/no-such-page`);
    expect(arabic.status).toBe(404);
    const html = await arabic.text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain("عذراً! الصفحة غير موجودة");
  });

  it("renders the error page with status 500, a request id and no stack trace", async () => {
    const response = await fetch(`${server.url}/test-hooks/error`);
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain("Something went wrong");
    const requestId = response.headers.get("x-request-id")!;
    expect(html).toContain(requestId);
    expect(html).not.toContain("Deliberate failure");
    expect(html).not.toMatch(/at .*\.js:\d+/);
    expect(server.output()).toContain(`error id=${requestId}`);
  });

  it("refuses state-changing requests from other origins with 403", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const crossSite = await fetch(`${server.url}/`, { method, headers: { Origin: "https://evil.example" } });
      expect(crossSite.status, method).toBe(403);
    }
    const noOrigin = await fetch(`${server.url}/`, {
      method: "POST",
      body: "a=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(noOrigin.status).toBe(403);
    const refererOnly = await fetch(`${server.url}/`, { method: "POST", headers: { Referer: `${server.url}/about` } });
    expect(refererOnly.status).not.toBe(403);
    const sameSite = await fetch(`${server.url}/`, { method: "POST", headers: { Origin: server.url } });
    expect(sameSite.status).not.toBe(403);
  });

  it("caches fingerprinted assets for a year and other public files briefly, compressed", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = /href="(\/build\/_assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const css = await fetch(`${server.url}${asset}`, { headers: { "accept-encoding": "gzip" } });
    expect(css.status).toBe(200);
    expect(css.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(css.headers.get("content-encoding")).toBe("gzip");
    const favicon = await fetch(`${server.url}/favicon.ico`);
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
    const missing = await fetch(`${server.url}/build/missing-0000.js`);
    expect(missing.status).toBe(404);
  });

  it("writes one JSON log line per request under its route pattern, without the path or query string", async () => {
    const response = await fetch(`${server.url}/no-such-page?token=secret-value`);
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f]{16}$/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const line = server
      .output()
      .split("\n")
      .filter((text) => text.startsWith("{"))
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((entry) => entry.requestId === requestId);
    expect(line).toMatchObject({ type: "request", method: "GET", route: "/:lang?/*", status: 404 });
    expect(server.output()).not.toContain("no-such-page");
    expect(server.output()).not.toContain("secret-value");
  });
});

describe("graceful shutdown", () => {
  it("finishes a request in flight on SIGTERM, then exits 0", async () => {
    const db = await databaseEnv();
    const server = await startServer(db.env);
    try {
      const slow = fetch(`${server.url}/__test/slow?ms=1500`).then(async (r) => ({
        status: r.status,
        body: await r.text(),
      }));
      await new Promise((resolve) => setTimeout(resolve, 300));
      server.child.kill("SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 200));
      // No new connections once shutting down.
      await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
      expect(await slow).toEqual({ status: 200, body: "slept 1500ms" });
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain("shut down cleanly");
    } finally {
      await server.stop("SIGKILL");
      await db.cleanup();
    }
  });
});

describe("start-up errors", () => {
  it("stops with a one-line message naming a bad variable", () => {
    const result = spawnSync(process.execPath, ["build/server.js"], {
      env: { PATH: process.env.PATH, NODE_ENV: "development", PORT: "abc", DATA_DIR: tempDir() },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Configuration error: PORT must be a whole number between 1 and 65535 (got "abc")',
    );
  });

  it.runIf(kind === "pglite")("refuses CLI commands while the server holds the embedded database", async () => {
    const server = await startServer();
    try {
      const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-migrate.ts"], {
        env: {
          PATH: process.env.PATH,
          NODE_ENV: "development",
          DATA_DIR: server.dataDir,
          SESSION_SECRET: "x".repeat(32),
        },
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain("is in use by the server");
      expect(result.stderr).toContain("Stop it first");
    } finally {
      await server.stop();
    }
  });
});

describe.runIf(kind === "postgres")("readiness when PostgreSQL goes away", () => {
  it("fails /readyz while the database is unreachable and recovers without a restart", async () => {
    const { url, relay, server } = await startServerBehindRelay({}, createPostgresDatabase);
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      relay.cut();
      const down = await fetch(`${server.url}/readyz`);
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ status: "unavailable" });
      // The same wait as the pages' 503 while the database is away.
      expect(down.headers.get("retry-after")).toBe("30");
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      await relay.restore();
      let status = 0;
      for (let i = 0; i < 20 && status !== 200; i++) {
        status = (await fetch(`${server.url}/readyz`)).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(status).toBe(200);
    } finally {
      await server.stop();
      await relay.close();
      await dropPostgresDatabase(url);
    }
  });
});
