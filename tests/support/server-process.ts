import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { seedDataDirFromTemplate } from "./pglite-template";

/**
 * The data key of every test process and test server (a fixed one, so what a test seeds directly
 * in the database, encrypted, the server reads back). Vitest and the browser tests set it.
 */
export const TEST_DATA_ENCRYPTION_KEYS = "dGVzdC1kYXRhLWtleS0wMTIzNDU2Nzg5YWJjZGVmMDE=";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function tempDir(prefix = "sanad-test-") {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export type RunningServer = {
  url: string;
  port: number;
  child: ChildProcess;
  dataDir: string;
  output(): string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
};

/**
 * Starts the production build (build/server.js, made by `npm run build`) on a free port with a
 * throw-away data folder, and waits until /healthz answers. `options.cwd`: another checkout with
 * its own build (a rebuilt server); `options.port`: this port instead of a free one.
 */
export async function startServer(
  env: Record<string, string | undefined> = {},
  options: { cwd?: string; port?: number } = {},
): Promise<RunningServer> {
  const cwd = options.cwd ?? process.cwd();
  if (!fs.existsSync(path.join(cwd, "build/server.js")) || !fs.existsSync(path.join(cwd, "build/index.js"))) {
    throw new Error("build/server.js is missing: run `npm run build` before these tests (npm test does)");
  }
  // A given port: a replacement taking the place of a stopped instance behind a proxy.
  const port = options.port ?? (await freePort());
  const dataDir = env.DATA_DIR ?? tempDir();
  if (!env.DATABASE_URL) seedDataDirFromTemplate(dataDir);
  const url = `http://127.0.0.1:${port}`;
  // SITE_URL may name the port to come as "{port}" (the browser tests use http://localhost:{port}:
  // redirects carry absolute addresses on SITE_URL, and the browser's cookies are localhost's).
  const siteUrl = (env.SITE_URL ?? url).replace("{port}", String(port));
  let output = "";
  const child = spawn(process.execPath, ["build/server.js"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      PORT: String(port),
      DATA_DIR: dataDir,
      SESSION_SECRET: "test-session-secret-0123456789abcdef0123456789",
      DATA_ENCRYPTION_KEYS: process.env.DATA_ENCRYPTION_KEYS ?? TEST_DATA_ENCRYPTION_KEYS,
      ...env,
      SITE_URL: siteUrl,
    },
    stdio: ["ignore", "pipe", "pipe"],
    cwd,
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  // Generous: on a busy two-core machine the first start (migrations on a fresh database) is slow.
  const deadline = Date.now() + Number(process.env.SERVER_START_TIMEOUT_MS ?? 90_000);
  let ready = false;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) {
        ready = true;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!ready) {
    child.kill("SIGKILL");
    throw new Error(`server did not start:\n${output}`);
  }
  return {
    url,
    port,
    child,
    dataDir,
    exited,
    output: () => output,
    stop: async (signal: NodeJS.Signals = "SIGTERM") => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * A TCP relay to PostgreSQL that a test can cut, stall and restore, to see how the app behaves when
 * the database goes away. cut() drops every open connection and stops listening, so new connections
 * are refused, as when PostgreSQL itself stops. stall() makes every connection half-open: open ones
 * and new ones stay up but nothing is forwarded any more (a network path that silently drops
 * packets); the stalled ones never come back. restore() forwards again for new connections.
 */
export async function startTcpRelay(target: { host: string; port: number }) {
  type Pair = { client: net.Socket; upstream: net.Socket | null; stalled: boolean };
  const pairs = new Set<Pair>();
  let open = true;
  let stalling = false;
  const server = net.createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    const pair: Pair = { client, upstream: null, stalled: stalling };
    pairs.add(pair);
    const drop = () => {
      client.destroy();
      pair.upstream?.destroy();
      pairs.delete(pair);
    };
    client.on("error", drop).on("close", drop);
    // A half-open connection: accepted, never answered, never closed.
    if (pair.stalled) return;
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    client.on("data", (chunk: Buffer) => {
      if (!pair.stalled) upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (!pair.stalled) client.write(chunk);
    });
    upstream.on("error", drop).on("close", drop);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    cut() {
      open = false;
      server.close();
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
      pairs.clear();
    },
    stall() {
      stalling = true;
      for (const pair of pairs) pair.stalled = true;
    },
    async restore() {
      stalling = false;
      if (open) return;
      open = true;
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => {
          server.off("error", reject);
          resolve();
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        open = false;
        for (const pair of pairs) {
          pair.client.destroy();
          pair.upstream?.destroy();
        }
        if (server.listening) server.close(() => resolve());
        else resolve();
      }),
  };
}

/**
 * A fresh PostgreSQL database (TEST_DATABASE_URL's server), a TCP relay in front of it, and the
 * production server connected through the relay: for tests that cut or stall the database.
 */
export async function startServerBehindRelay(env: Record<string, string>, createDatabase: () => Promise<string>) {
  const url = await createDatabase();
  const target = new URL(url);
  const relay = await startTcpRelay({ host: target.hostname, port: Number(target.port || 5432) });
  const viaRelay = new URL(url);
  viaRelay.hostname = "127.0.0.1";
  viaRelay.port = String(relay.port);
  const server = await startServer({ ...env, DATABASE_URL: viaRelay.toString() });
  return { url, relay, server };
}
