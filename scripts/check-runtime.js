// Reproduces the Dockerfile's runtime stage without a container engine: the folder the image
// copies (scripts/runtime-files.js: the built server and app, static files, migrations and only
// the traced files of node_modules), started with the image's command (node build/server.js) as in
// production, must load every package the built code imports, answer /healthz and serve pages;
// and its size must stay within the budget for what the application adds to the base image.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { assembleRuntime, RUNTIME_BUDGET_MB } from "./runtime-files.js";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "sanad-runtime-"));
const { bytes, files } = await assembleRuntime(root);
const megabytes = bytes / 1e6;
console.log(
  `runtime stage in ${root}: ${files} files, ${megabytes.toFixed(1)} MB (budget ${RUNTIME_BUDGET_MB} MB above the base image)`,
);

// Every package the built server and app import, loaded in the runtime folder: a file the trace
// missed shows here, not in production on the first request that needs it.
const imported = new Set();
for (const file of ["build/server.js", "build/index.js"]) {
  const code = fs.readFileSync(path.join(root, file), "utf8");
  // esbuild writes static imports one per line; dynamic ones as import("name").
  const statics = code.matchAll(/^import\s+(?:[\w$*{}\s,]+\s+from\s+)?"([^"\n]+)";?$/gm);
  const dynamics = code.matchAll(/\bimport\(\s*"([^"\n]+)"\s*\)/g);
  for (const match of [...statics, ...dynamics]) {
    const name = match[1];
    if (/^[@\w]/.test(name) && !name.startsWith("node:")) imported.add(name);
  }
}
const load = spawnSync(
  process.execPath,
  [
    "--input-type=module",
    "-e",
    `for (const name of JSON.parse(process.argv[1])) await import(name);`,
    JSON.stringify([...imported]),
  ],
  { cwd: root, encoding: "utf8" },
);
if (load.status !== 0)
  fail(
    `a package the server imports does not load from the runtime folder:\n${load.stderr.trim().split("\n").slice(0, 6).join("\n")}`,
  );
console.log(`runtime stage: the ${imported.size} packages the built code imports all load`);

const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, "127.0.0.1", () => {
    const { port: p } = s.address();
    s.close(() => resolve(p));
  });
});
let output = "";
const child = spawn(process.execPath, ["build/server.js"], {
  cwd: root,
  env: {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: path.join(root, "data"),
    SESSION_SECRET: "runtime-check-secret-0123456789abcdef",
    SITE_URL: `http://127.0.0.1:${port}`,
  },
});
child.stdout.on("data", (d) => (output += d));
child.stderr.on("data", (d) => (output += d));

let healthy = false;
for (let i = 0; i < 120 && child.exitCode === null; i++) {
  try {
    if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) {
      healthy = true;
      break;
    }
  } catch {
    // starting
  }
  await new Promise((r) => setTimeout(r, 250));
}
const pages = ["/", "/ar/ban-checks/travel-ban-check", "/client-login", "/sitemap.xml", "/social/default-en.png"];
const statuses = healthy
  ? await Promise.all(pages.map(async (page) => [page, (await fetch(`http://127.0.0.1:${port}${page}`)).status]))
  : [];
child.kill("SIGTERM");
const code = child.exitCode ?? (await new Promise((resolve) => child.on("exit", resolve)));
fs.rmSync(root, { recursive: true, force: true });
if (!healthy) fail(`the runtime stage did not answer /healthz:\n${output}`);
const failed = statuses.filter(([, status]) => status !== 200);
if (failed.length)
  fail(`${failed.map(([page, status]) => `${page} answered ${status}`).join(", ")}\n${output.slice(-2000)}`);
if (code !== 0) fail(`the server did not exit cleanly on SIGTERM (exit ${code})`);
if (megabytes > RUNTIME_BUDGET_MB)
  fail(`the runtime stage is ${megabytes.toFixed(1)} MB, over the ${RUNTIME_BUDGET_MB} MB budget`);
console.log(
  `runtime stage: ${megabytes.toFixed(1)} MB of ${RUNTIME_BUDGET_MB} MB budget, /healthz 200, ${pages.join(", ")} 200, clean exit on SIGTERM`,
);

function fail(message) {
  console.error(`runtime check failed: ${message}`);
  process.exit(1);
}
