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
 */
export async function startBenchServer(extraEnv = {}, options = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sanad-bench-"));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["build/server.js"], {
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
  return {
    url,
    pid: child.pid,
    child,
    output: () => output,
    /** Resident memory of the server process in MB (Linux /proc). */
    rssMb() {
      return procStatusMb(child.pid, "VmRSS");
    },
    /** The highest resident memory the server process has had so far (VmHWM), in MB. */
    peakRssMb() {
      return procStatusMb(child.pid, "VmHWM");
    },
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.on("exit", resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
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
  for (const entry of fs.readdirSync(path.join(root, "public"))) fs.symlinkSync(path.join(root, "public", entry), path.join(dir, "public", entry));
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
  fs.writeFileSync(file, JSON.stringify({ measuredAt: new Date().toISOString(), machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`, ...data }, null, 2) + "\n");
  return file;
}
