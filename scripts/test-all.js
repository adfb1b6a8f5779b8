// npm test: typecheck, lint, the dependency rules, npm audit (production dependencies), build, unit + integration tests (Vitest), the container runtime check,
// and the browser tests (Playwright, JavaScript on and off). Runs every step even after a failure,
// prints each runner's output, then one line: "N passed, N failed" (totals over all suites).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { runAudit } from "./audit-check.js";

const results = [];
// Names of failing tests, printed again just above the totals so they survive truncated logs.
const failures = [];
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ""))
    .split("\n")
    .find((line) => line.trim()) ?? "";
fs.mkdirSync("test-results", { recursive: true });

function run(name, command, args, { env = {}, count } = {}) {
  const started = Date.now();
  console.log(`\n━━ ${name}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const ok = result.status === 0;
  const counts = count ? count(ok) : { passed: ok ? 1 : 0, failed: ok ? 0 : 1 };
  // A runner that failed without reporting a failing test still counts as one failure.
  if (!ok && counts.failed === 0) counts.failed = 1;
  results.push({ name, ok, ...counts, seconds: Math.round((Date.now() - started) / 1000) });
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

const only = process.argv.slice(2);
const wanted = (step) => only.length === 0 || only.includes(step);

if (wanted("typecheck")) run("typecheck", "npx", ["tsc", "--noEmit"]);
// ESLint, then the formatter's check (Prettier, .prettierrc.json).
if (wanted("lint")) run("lint", "npm", ["run", "lint", "--silent"]);
// The layers' import rules (.dependency-cruiser.cjs, docs/architecture.md): no circles, no upward imports.
if (wanted("deps")) {
  const ok = run("dependency rules", "npm", ["run", "deps", "--silent"]);
  if (!ok) failures.push("dependency rules: see the violations listed above (npm run deps)");
}
if (wanted("audit")) {
  const started = Date.now();
  console.log("\n━━ npm audit (production dependencies): npm audit --omit=dev --audit-level=high");
  const verdict = runAudit();
  const ok = verdict.outcome !== "failed";
  if (!ok)
    failures.push(
      `npm audit: ${verdict.message}${verdict.advisories.length ? `: ${verdict.advisories.join(", ")}` : ""}`,
    );
  results.push({
    name: "npm audit (production dependencies)",
    ok,
    passed: ok ? 1 : 0,
    failed: ok ? 0 : 1,
    seconds: Math.round((Date.now() - started) / 1000),
  });
}
const built =
  wanted("build") || wanted("e2e") || wanted("integration") || wanted("runtime")
    ? run("build", "npm", ["run", "build", "--silent"])
    : true;

if (wanted("unit") || wanted("integration")) {
  const vitestJson = path.join("test-results", "vitest-results.json");
  fs.rmSync(vitestJson, { force: true });
  const projects = [
    wanted("unit") ? ["--project", "unit"] : [],
    wanted("integration") ? ["--project", "integration:*"] : [],
  ].flat();
  const label = `vitest (${[wanted("unit") ? "unit" : "", wanted("integration") ? "integration" : ""].filter(Boolean).join(" + ")})`;
  run(
    label,
    "npx",
    ["vitest", "run", ...projects, "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`],
    {
      count: () => {
        const report = readJson(vitestJson);
        if (!report) return { passed: 0, failed: 0 };
        const byProject = {};
        for (const file of report.testResults ?? []) {
          for (const test of file.assertionResults ?? []) {
            const project = /integration[\\/]/.test(file.name) ? "integration" : "unit";
            byProject[project] ??= { passed: 0, failed: 0 };
            if (test.status === "passed") byProject[project].passed++;
            if (test.status === "failed") {
              byProject[project].failed++;
              failures.push(
                `vitest ${path.relative(process.cwd(), file.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0]).slice(0, 300)}`,
              );
            }
          }
        }
        console.log(
          `vitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped (databases: pglite${process.env.TEST_DATABASE_URL ? " + postgres" : ""})`,
        );
        return { passed: report.numPassedTests, failed: report.numFailedTests };
      },
    },
  );
}

if (wanted("runtime") && built) run("container runtime stage", "node", ["scripts/check-runtime.js"]);

if (wanted("e2e") && built) {
  const e2eJson = path.join("test-results", "e2e-results.json");
  fs.rmSync(e2eJson, { force: true });
  run("playwright (JavaScript on and off)", "npx", ["playwright", "test"], {
    count: () => {
      const report = readJson(e2eJson);
      if (!report?.stats) return { passed: 0, failed: 0 };
      const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
      const perProject = {};
      const walk = (suite) => {
        for (const spec of suite.specs ?? [])
          for (const t of spec.tests ?? []) {
            perProject[t.projectName] ??= 0;
            perProject[t.projectName]++;
            if (t.status === "unexpected") {
              const error = t.results?.at(-1)?.error?.message;
              failures.push(
                `playwright [${t.projectName}] ${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error).slice(0, 300)}`,
              );
            }
          }
        for (const child of suite.suites ?? []) walk(child);
      };
      for (const suite of report.suites ?? []) walk(suite);
      console.log(
        `playwright: ${expected + flaky} passed, ${unexpected} failed, ${skipped} skipped; per project: ${Object.entries(
          perProject,
        )
          .map(([p, n]) => `${p} ${n}`)
          .join(", ")}`,
      );
      return { passed: expected + flaky, failed: unexpected };
    },
  });
}

const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log("\n━━ Summary");
for (const r of results)
  console.log(
    `${r.ok ? "ok  " : "FAIL"} ${r.name.padEnd(38)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds}s`,
  );
if (failures.length > 0) {
  console.log("\n━━ Failing tests");
  for (const failure of failures) console.log(`✗ ${failure}`);
}
fs.writeFileSync(
  path.join("test-results", "summary.json"),
  JSON.stringify({ passed, failed, steps: results, failures }, null, 2),
);
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
