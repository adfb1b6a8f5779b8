// Assembles what the production server needs to run, and nothing else, into one folder: the
// built server and app (build/), the static files (public/), the migrations, package.json, and
// from node_modules only the files the built code can load, found by tracing its imports
// (@vercel/nft, the tracer Next.js uses for its standalone output). The container's runtime stage
// copies this folder (Dockerfile) and the runtime check starts it (scripts/check-runtime.js).
//
//   node scripts/runtime-files.js <target folder>     (after npm run build)
//
// Why not `npm install --omit=dev`: production dependencies bring what their packages ship for
// other uses — TypeScript (a peer dependency of Remix, 23 MB), type definitions, CommonJS and ES
// builds side by side, source maps, changelogs — about 177 MB, where the server loads about a
// quarter of it (docs/decisions/064-runtime-image.md).
import fs from "node:fs";
import path from "node:path";
import { nodeFileTrace } from "@vercel/nft";

/**
 * What the application may add to the base image (node:20-bookworm-slim), in MB (10^6 bytes): the
 * runtime check (CI) fails above it and the container benchmark reports against it.
 */
export const RUNTIME_BUDGET_MB = 100;

/** Entry points of the running server: what `node build/server.js` loads, and the Remix build it imports by path. */
const ENTRIES = ["build/server.js", "build/index.js"];
/** Copied whole: read by path at run time (static files, migrations) or describing the package (type: module). */
const COPIED = ["package.json", "public", "db/migrations"];
/** Never shipped even when referenced: source maps (node runs without --enable-source-maps) and TypeScript declarations. */
const EXCLUDED = [/\.map$/, /\.d\.[cm]?ts$/];

/**
 * Files the embedded database loads by a path it computes at run time: its WebAssembly module and
 * data file. The tracer finds them today; listed so that a version hiding them fails here, not at start.
 */
const PGLITE_ASSETS = ["pglite.wasm", "pglite.data"];

export async function runtimeFiles(root = process.cwd()) {
  for (const entry of ENTRIES) {
    if (!fs.existsSync(path.join(root, entry))) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  }
  const { fileList } = await nodeFileTrace(
    ENTRIES.map((entry) => path.join(root, entry)),
    // Node 20.19 and later resolve the "module-sync" export condition as Node 22 does; the tracer assumes it from 22 on.
    { base: root, processCwd: root, conditions: ["node", "module-sync"] },
  );
  const traced = [...fileList].filter(
    (file) => file.startsWith("node_modules/") && !EXCLUDED.some((pattern) => pattern.test(file)),
  );
  const pgliteDist = path.dirname(path.relative(root, fileURLPath(import.meta.resolve("@electric-sql/pglite"))));
  for (const asset of PGLITE_ASSETS) {
    const file = path.join(pgliteDist, asset);
    if (!fs.existsSync(path.join(root, file)))
      throw new Error(`${file} is missing: the embedded database could not start`);
    if (!traced.includes(file)) traced.push(file);
  }
  return traced.sort();
}

function fileURLPath(url) {
  return new URL(url).pathname;
}

/** Copies the runtime into `target` (emptied first) and returns its size in bytes and file count. */
export async function assembleRuntime(target, root = process.cwd()) {
  const modules = await runtimeFiles(root);
  fs.rmSync(target, { recursive: true, force: true });
  fs.mkdirSync(target, { recursive: true });
  const copy = (relative) =>
    fs.cpSync(path.join(root, relative), path.join(target, relative), { recursive: true, dereference: true });
  for (const entry of ENTRIES) copy(entry);
  for (const item of COPIED) copy(item);
  for (const file of modules) copy(file);
  return folderSize(target);
}

export function folderSize(folder) {
  let bytes = 0;
  let files = 0;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
    files++;
  }
  return { bytes, files };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const target = process.argv[2];
  if (!target) {
    console.error("usage: node scripts/runtime-files.js <target folder>");
    process.exit(2);
  }
  const { bytes, files } = await assembleRuntime(path.resolve(target));
  console.log(
    `runtime assembled in ${target}: ${files} files, ${(bytes / 1e6).toFixed(1)} MB (budget ${RUNTIME_BUDGET_MB} MB)`,
  );
}
