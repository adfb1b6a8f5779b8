// npm run bench [name ...]: builds the production server, then runs every benchmark in turn (or the
// named ones). Each writes bench/results/<name>.json; bench/report.js then rewrites bench/README.md's
// performance table from those files. The process exits non-zero when a budget is exceeded (or a
// benchmark failed), and lists which at the end.
//
// Database: BENCH_DATABASE_URL (or DATABASE_URL) = that PostgreSQL database; else a throw-away
// database on the local PostgreSQL (127.0.0.1:5432, user postgres), created here and dropped at the
// end; else (no local PostgreSQL, or BENCH_DATABASE=pglite) the embedded PGlite. The soak also runs
// once on the embedded database ("soak-embedded"), which is what `npm start` uses.
// Durations: BENCH_DURATION (autocannon seconds per run), BENCH_SOAK_SECONDS (default 300),
// LIGHTHOUSE_RUNS (default 3); see the head of each script.
import { spawn, spawnSync } from "node:child_process";
import { throwawayPostgres } from "./lib/database.js";

const EMBEDDED = { BENCH_DATABASE_URL: "", DATABASE_URL: "" };
const steps = [
  ["server", "bench/server.js"],
  ["shared-pages", "bench/shared-pages.js"],
  ["soak", "bench/soak.js"],
  ["soak-embedded", "bench/soak.js", EMBEDDED],
  ["front-end", "bench/front-end.js"],
  ["admin-orders", "bench/admin-orders.js"],
  ["assistant", "bench/assistant.js"],
  ["checkout", "bench/checkout.js"],
  ["cart", "bench/cart.js"],
  ["inquiry", "bench/inquiry.js"],
  ["lighthouse", "bench/lighthouse.js"],
  // Last: with buildah it builds the image (minutes of CPU), which would disturb the timings above.
  ["container", "bench/container.js"],
];
const only = process.argv.slice(2);
const unknown = only.filter((name) => !steps.some(([step]) => step === name));
if (unknown.length) {
  console.error(`unknown benchmark ${unknown.join(", ")}; known: ${steps.map(([name]) => name).join(", ")}`);
  process.exit(2);
}

/** Runs one script, passing its output through and keeping the lines that name a missed budget. */
function run(script, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script], {
      stdio: ["ignore", "inherit", "pipe"],
      env: { ...process.env, ...env },
    });
    let err = "";
    child.stderr.on("data", (chunk) => {
      process.stderr.write(chunk);
      err += chunk;
    });
    child.on("exit", (code) =>
      resolve({ code, misses: err.split("\n").filter((line) => line.startsWith("over budget")) }),
    );
  });
}

const build = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
if (build.status !== 0) process.exit(1);
const chosen =
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || process.env.BENCH_DATABASE === "pglite"
    ? null
    : await throwawayPostgres("run");
if (chosen) console.log(`benchmarks on a throw-away PostgreSQL database: ${chosen.url}`);
const failures = [];
try {
  for (const [name, script, env] of steps) {
    if (only.length && !only.includes(name)) continue;
    console.log(`\n== bench: ${name}`);
    const { code, misses } = await run(script, { ...(chosen ? { BENCH_DATABASE_URL: chosen.url } : {}), ...env });
    if (code !== 0)
      failures.push({ name, misses: misses.length ? misses : [`failed (exit code ${code}): see its output above`] });
  }
} finally {
  await chosen?.drop().catch((error) => console.warn(`could not drop ${chosen.url}: ${error.message}`));
}
console.log("\n== bench/README.md performance table");
spawnSync(process.execPath, ["bench/report.js"], { stdio: "inherit" });
if (failures.length) {
  console.error("\nBudgets exceeded or benchmarks failed:");
  for (const { name, misses } of failures) for (const miss of misses) console.error(`  ${name}: ${miss}`);
  process.exit(1);
}
console.log("\nEvery budget met.");
