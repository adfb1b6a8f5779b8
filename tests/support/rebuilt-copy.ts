import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A new version of the product to deploy in a test: a copy of this checkout whose app/ is edited
 * by `change` (given the copy's folder) and built again (scripts/build.js), everything else linked.
 * startServer(env, { cwd }) runs it. `remove()` deletes the copy.
 */
export function buildChangedCopy(change: (copy: string) => void) {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "sanad-rebuilt-"));
  for (const entry of fs.readdirSync(".")) {
    if (["app", "build", "public", ".git", "test-results", "data"].includes(entry)) continue;
    fs.symlinkSync(path.resolve(entry), path.join(copy, entry));
  }
  fs.cpSync("app", path.join(copy, "app"), { recursive: true });
  fs.mkdirSync(path.join(copy, "public"));
  for (const entry of fs.readdirSync("public"))
    if (entry !== "build") fs.symlinkSync(path.resolve("public", entry), path.join(copy, "public", entry));
  change(copy);
  const build = spawnSync(process.execPath, ["scripts/build.js"], {
    cwd: copy,
    encoding: "utf8",
    timeout: 240_000,
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) throw new Error(`the changed copy did not build: ${build.stderr}`);
  return { dir: copy, remove: () => fs.rmSync(copy, { recursive: true, force: true }) };
}

/** The travel-ban check's Basic tier at `aed` instead of AED 650, in a copy's catalogue. */
export function changeTravelBanPrice(copy: string, aed: number) {
  const plans = path.join(copy, "app/catalogue/plans.ts");
  const source = fs.readFileSync(plans, "utf8");
  const changed = source.replace(/(key: "travel-ban",[\s\S]*?tier\("basic", )650,/, `$1${aed},`);
  if (changed === source) throw new Error("the travel-ban Basic price (650) was not found in app/catalogue/plans.ts");
  fs.writeFileSync(plans, changed);
}
