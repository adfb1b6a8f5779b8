// Starts the production build (node build/server.js) on a free port for a benchmark.
// Database: BENCH_DATABASE_URL (or DATABASE_URL) when set, PostgreSQL; else the embedded PGlite in a
// temporary folder. The benchmarks write rows (inquiries, accounts, seeded orders): point them at a
// throw-away database, never at one whose data matters.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;

/** "postgresql" or "pglite": what the benchmark servers run on. */
export const benchDatabaseKind = () => (process.env.DATABASE_URL ? "postgresql" : "pglite");

export async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server; `DATABASE_URL` from the environment is used when set (else the embedded database in a temp folder).
 * `options.cwd`: the folder it runs in (build/, public/ and db/migrations are read relative to it).
 * `options.inspect`: open Node's inspector on a free local port, so `heapAfterGc()` can force a
 * full garbage collection and read the V8 heap (a benchmark's view from outside; the app knows nothing).
 */
export async function startBenchServer(extraEnv = {}, options = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sanad-bench-"));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...(options.inspect ? ["--inspect=127.0.0.1:0"] : []), "build/server.js"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      SITE_URL: url,
      DATA_DIR: dataDir,
      SESSION_SECRET: "bench-session-secret-0123456789abcdef012345",
      LOG_REQUESTS: "false",
      ALLOW_TEST_PAYMENTS: "true",
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
    cwd: options.cwd,
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // starting
    }
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  let inspector = null;
  const connect = async () => {
    if (!inspector) {
      const wsUrl = /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1];
      if (!wsUrl) throw new Error("the server was not started with options.inspect");
      inspector = await connectInspector(wsUrl);
    }
    return inspector;
  };
  return {
    url,
    pid: child.pid,
    /** V8's CPU profile (a .cpuprofile object) of the server while `work` runs. Needs `options.inspect`. */
    async cpuProfile(work, { intervalUs = 200 } = {}) {
      const session = await connect();
      await session.send("Profiler.enable");
      await session.send("Profiler.setSamplingInterval", { interval: intervalUs });
      await session.send("Profiler.start");
      await work();
      const { profile } = await session.send("Profiler.stop");
      return profile;
    },
    /** Forces full garbage collections in the server (about 3 s), then returns its V8 heap in use and its RSS (MB). Needs `options.inspect`. */
    async heapAfterGc() {
      await connect();
      // Three collections 1.5 s apart: objects whose FinalizationRegistry clean-up is still pending
      // after the first (undici keeps one per Request that follows a signal, ~2 per request) go
      // once the clean-up tasks have run; a single collection counts them as kept.
      for (let round = 0; round < 3; round++) {
        if (round) await new Promise((resolve) => setTimeout(resolve, 1500));
        await inspector.send("HeapProfiler.collectGarbage");
      }
      const { usedSize } = await inspector.send("Runtime.getHeapUsage");
      return { heapUsedMb: Math.round(usedSize / 2 ** 20), rssMb: procStatusMb(child.pid, "VmRSS") };
    },
    child,
    output: () => output,
    /** Resident memory of the server process in MB (Linux /proc). */
    rssMb() {
      return procStatusMb(child.pid, "VmRSS");
    },
    /**
     * Resident memory split (from /proc/<pid>/smaps): `wasmMb` is WebAssembly linear memory (the
     * embedded PGlite database's heap: a read-write mapping followed by the rest of its multi-GiB
     * reservation), `otherMb` everything else (V8 heap, native buffers, code). Heavier to read than rssMb.
     */
    memorySplitMb() {
      return memorySplitMb(child.pid);
    },
    /** The highest resident memory the server process has had so far (VmHWM), in MB. */
    peakRssMb() {
      return procStatusMb(child.pid, "VmHWM");
    },
    async stop() {
      inspector?.close();
      child.kill("SIGTERM");
      await new Promise((resolve) => child.on("exit", resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A minimal Chrome DevTools Protocol client over the inspector's WebSocket. */
async function connectInspector(wsUrl) {
  // Node 22 has a global WebSocket; on Node 20 the `ws` package (installed with lighthouse) stands in.
  const WebSocketImpl = globalThis.WebSocket ?? (await import("ws")).default;
  const socket = new WebSocketImpl(wsUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = (event) => reject(new Error(`inspector: ${event.message ?? "connection failed"}`));
  });
  let nextId = 1;
  const pending = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data));
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(`inspector: ${message.error.message}`));
    else waiter.resolve(message.result);
  };
  return {
    send(method, params = {}) {
      const id = nextId++;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
    },
    close() {
      socket.close();
    },
  };
}

function procStatusMb(pid, field) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

function memorySplitMb(pid) {
  let text;
  try {
    text = fs.readFileSync(`/proc/${pid}/smaps`, "utf8");
  } catch {
    return { wasmMb: 0, otherMb: 0 };
  }
  const maps = [];
  for (const line of text.split("\n")) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) /.exec(line);
    if (header)
      maps.push({ start: BigInt(`0x${header[1]}`), end: BigInt(`0x${header[2]}`), perm: header[3], rssKb: 0 });
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && maps.length) maps.at(-1).rssKb = Number(rss[1]);
  }
  const GiB = 2n ** 30n;
  let wasmKb = 0;
  let totalKb = 0;
  maps.forEach((map, i) => {
    totalKb += map.rssKb;
    const next = maps[i + 1];
    // V8 reserves ≥ 4 GiB per WebAssembly memory and makes only its used start read-write.
    if (
      map.perm === "rw-p" &&
      next &&
      next.perm === "---p" &&
      next.start === map.end &&
      next.end - map.start >= 4n * GiB &&
      (next.end - map.start) % GiB === 0n
    )
      wasmKb += map.rssKb;
  });
  return { wasmMb: Math.round(wasmKb / 1024), otherMb: Math.round((totalKb - wasmKb) / 1024) };
}

/**
 * A folder to run the server in that is the repository except for public/: a real folder whose
 * entries link to the repository's, so a benchmark can add files the same Express static
 * middleware then serves (the home page snapshot in bench/server.js) without touching public/.
 */
export function benchWorkingCopy() {
  const root = process.cwd();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sanad-bench-cwd-"));
  for (const entry of fs.readdirSync(root)) {
    if (entry === "public") continue;
    fs.symlinkSync(path.join(root, entry), path.join(dir, entry));
  }
  fs.mkdirSync(path.join(dir, "public"));
  for (const entry of fs.readdirSync(path.join(root, "public")))
    fs.symlinkSync(path.join(root, "public", entry), path.join(dir, "public", entry));
  return {
    dir,
    /** Writes a file under the copy's public/ (served at /<relativePath>). */
    addPublicFile(relativePath, content) {
      const file = path.join(dir, "public", relativePath);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
    },
    remove() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function writeResult(name, data) {
  fs.mkdirSync("bench/results", { recursive: true });
  const file = path.join("bench/results", `${name}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
        ...data,
      },
      null,
      2,
    ) + "\n",
  );
  return file;
}
