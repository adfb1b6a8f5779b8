// Reproduces the Dockerfile's runtime stage without a container engine: the built output plus
// production dependencies only, started with the image's command (node build/server.js) as in
// production, must answer /healthz and serve the home page.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "sanad-runtime-"));
const copy = (item) => fs.cpSync(item, path.join(root, item), { recursive: true });
for (const item of ["package.json", "package-lock.json", "build", "public", "db/migrations"]) copy(item);

console.log(`runtime check in ${root}: npm install --omit=dev`);
const install = spawnSync("npm", ["install", "--omit=dev", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: root, stdio: "inherit" });
if (install.status !== 0) fail("npm install --omit=dev failed");

const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, "127.0.0.1", () => {
    const { port: p } = s.address();
    s.close(() => resolve(p));
  });
});
let output = "";
const child = spawn(process.execPath, ["build/server.js"], {
  cwd: root,
  env: { PATH: process.env.PATH, NODE_ENV: "production", PORT: String(port), DATA_DIR: path.join(root, "data"), SESSION_SECRET: "runtime-check-secret-0123456789abcdef", SITE_URL: `http://127.0.0.1:${port}` },
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
const home = healthy ? (await fetch(`http://127.0.0.1:${port}/`)).status : 0;
child.kill("SIGTERM");
const code = await new Promise((resolve) => child.on("exit", resolve));
fs.rmSync(root, { recursive: true, force: true });
if (!healthy) fail(`the runtime stage did not answer /healthz:\n${output}`);
if (home !== 200) fail(`/ answered ${home}`);
if (code !== 0) fail(`the server did not exit cleanly on SIGTERM (exit ${code})`);
console.log("runtime stage: production dependencies only, /healthz 200, / 200, clean exit on SIGTERM");

function fail(message) {
  console.error(`runtime check failed: ${message}`);
  process.exit(1);
}
