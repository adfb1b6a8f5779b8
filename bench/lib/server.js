// Starts the production build (node build/server.js) on a free port for a benchmark.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Starts the server; `DATABASE_URL` from the environment is used when set (else the embedded database in a temp folder). */
export async function startBenchServer(extraEnv = {}) {
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
      try {
        const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
        const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
        return Math.round(kb / 1024);
      } catch {
        return 0;
      }
    },
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.on("exit", resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function writeResult(name, data) {
  fs.mkdirSync("bench/results", { recursive: true });
  const file = path.join("bench/results", `${name}.json`);
  fs.writeFileSync(file, JSON.stringify({ measuredAt: new Date().toISOString(), machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`, ...data }, null, 2) + "\n");
  return file;
}
