// What the application adds to its base image, against a budget of RUNTIME_BUDGET_MB (100 MB).
//
// With a container check script (CONTAINER_CHECK, default ../shared/tools/container-check.sh from
// the project root) and buildah on the machine, it builds the Dockerfile for real through that
// script, reads the image's size and the base image's (node:20-bookworm-slim, or the local stand-in
// the script tags with that name) and reports the difference. Otherwise it assembles the runtime
// stage's folder (scripts/runtime-files.js, what the image copies) and reports its size: the same
// files, without the few kilobytes of image metadata. Slow with buildah (a few minutes, CPU-bound).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { assembleRuntime, RUNTIME_BUDGET_MB } from "../scripts/runtime-files.js";
import { writeResult } from "./lib/server.js";

const BASE_IMAGE = "docker.io/library/node:20-bookworm-slim";
const script = path.resolve(process.env.CONTAINER_CHECK ?? "../shared/tools/container-check.sh");
const buildah = spawnSync("buildah", ["--version"], { encoding: "utf8" }).status === 0;

/** buildah prints sizes as docker does ("353 MB", "1.2 GB"): decimal units. */
function megabytes(size) {
  const match = /([\d.]+)\s*(kB|KB|MB|GB)/.exec(size ?? "");
  if (!match) return null;
  return Number(match[1]) * { kB: 1e-3, KB: 1e-3, MB: 1, GB: 1e3 }[match[2]];
}

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sanad-bench-runtime-"));
const runtime = await assembleRuntime(folder);
fs.rmSync(folder, { recursive: true, force: true });
const runtimeMb = Math.round((runtime.bytes / 1e6) * 10) / 10;
console.log(`runtime folder: ${runtime.files} files, ${runtimeMb} MB`);

let image = null;
if (buildah && fs.existsSync(script)) {
  console.log(`building the image with ${script} (slow)`);
  const check = spawnSync("bash", [script], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  process.stdout.write(check.stdout);
  if (check.status !== 0) {
    console.error("over budget: the container check failed (see its output above)");
    process.exit(1);
  }
  const sizeOf = (name) =>
    megabytes(
      spawnSync("buildah", ["--storage-driver", "vfs", "images", "--format", "{{.Size}}", name], {
        encoding: "utf8",
      }).stdout.split("\n")[0],
    );
  const imageMb = sizeOf("localhost/project:check");
  const baseMb = sizeOf(BASE_IMAGE);
  if (imageMb != null && baseMb != null)
    image = {
      imageMb,
      baseMb,
      addedMb: Math.round((imageMb - baseMb) * 10) / 10,
      serves: /image serves: \/healthz 200, \/ 200/.test(check.stdout),
    };
} else {
  console.log(`no container engine (buildah) or no check script at ${script}: measuring the runtime folder only`);
}

const addedMb = image?.addedMb ?? runtimeMb;
const withinBudget = addedMb <= RUNTIME_BUDGET_MB;
const file = writeResult("container", {
  method: image ? "image built with buildah (container check)" : "runtime folder (scripts/runtime-files.js)",
  runtimeFolder: { megabytes: runtimeMb, files: runtime.files },
  image,
  addedMb,
  budget: { addedMb: RUNTIME_BUDGET_MB },
  withinBudget,
});
console.log(
  `application layer ${addedMb} MB (budget ${RUNTIME_BUDGET_MB} MB above the base image)${image ? `: image ${image.imageMb} MB on a ${image.baseMb} MB base` : ""}; written ${file}`,
);
if (!withinBudget) {
  console.error(`over budget: the application adds ${addedMb} MB to the base image (at most ${RUNTIME_BUDGET_MB} MB)`);
  process.exitCode = 1;
}
