import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { tempDir } from "./server-process";

/** Debian's nginx (`apt-get install nginx`); CI installs it (.ci/run), elsewhere it may be missing. */
export const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) => fs.existsSync(candidate));
if (!NGINX && process.env.CI) throw new Error("nginx is not installed: .ci/run installs it (apt-get install nginx)");

export type RunningNginx = {
  url: string;
  /** What nginx wrote to its error log (warnings and up). */
  log(): string;
  /** A graceful stop (SIGQUIT): connections in flight finish. */
  stop(): Promise<void>;
};

/**
 * nginx as a child process of the test (no daemon, no master, one worker, everything in a
 * throw-away prefix) listening on 127.0.0.1:`port`. `server` is the inside of the server block
 * (locations and settings); `upstreams` (ports on 127.0.0.1) become `upstream sanad_app`.
 * Resolves once the proxy answers /healthz with a 2xx.
 */
export async function startNginx({
  port,
  server,
  upstreams = [],
  upstreamParameters = "",
  workerConnections = 512,
}: {
  port: number;
  server: string;
  upstreams?: number[];
  upstreamParameters?: string;
  workerConnections?: number;
}): Promise<RunningNginx> {
  if (!NGINX) throw new Error("nginx is not installed");
  const dir = tempDir("sanad-nginx-");
  const upstream = upstreams.length
    ? `  upstream sanad_app {\n${upstreams.map((upstreamPort) => `    server 127.0.0.1:${upstreamPort} ${upstreamParameters};`).join("\n")}\n  }\n`
    : "";
  const config = `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections ${workerConnections}; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${upstream}  server {
    listen 127.0.0.1:${port};
${server}
  }
}
`;
  const file = path.join(dir, "nginx.conf");
  fs.writeFileSync(file, config);
  const check = spawnSync(NGINX, ["-t", "-p", dir, "-c", file], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx refused its configuration: ${check.stderr}\n${config}`);
  let log = "";
  const child: ChildProcess = spawn(NGINX, ["-p", dir, "-c", file], { stdio: ["ignore", "pipe", "pipe"] });
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.on("exit", resolve));
    child.kill("SIGQUIT");
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, log: () => log, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`nginx did not start: ${log}`);
}
