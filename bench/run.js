// npm run bench: builds the production server, then runs every benchmark in turn.
// Each writes bench/results/<name>.json; the process exits non-zero when a budget is exceeded.
import { spawnSync } from "node:child_process";

const steps = [
  ["server", "bench/server.js"],
  ["admin-orders", "bench/admin-orders.js"],
  ["assistant", "bench/assistant.js"],
  ["checkout", "bench/checkout.js"],
  ["cart", "bench/cart.js"],
  ["inquiry", "bench/inquiry.js"],
  ["lighthouse", "bench/lighthouse.js"],
];
const only = process.argv.slice(2);

const build = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
if (build.status !== 0) process.exit(1);
let failed = false;
for (const [name, script] of steps) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n== bench: ${name}`);
  const result = spawnSync(process.execPath, [script], { stdio: "inherit" });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
