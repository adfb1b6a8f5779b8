// What a page's first JavaScript is made of: the entry, the route modules it matches and every chunk
// they import statically (the module preloads bench/front-end.js weighs), each gzipped (level 6)
// with its largest source modules, from the esbuild metafile `npm run build` writes
// (build/metafile.js.json). Chunks loaded later (dynamic imports) are not counted.
//
// node bench/bundle-report.js                          the home page: root, routes/($lang), routes/($lang)._index
// node bench/bundle-report.js 'routes/($lang).cart'    root, routes/($lang) and the routes named
// Not part of `npm run bench`: a tool for finding what grew (docs/decisions/074).
import fs from "node:fs";
import zlib from "node:zlib";

const meta = JSON.parse(fs.readFileSync("build/metafile.js.json", "utf8"));
const routes =
  process.argv.length > 2
    ? ["root", "routes/($lang)", ...process.argv.slice(2)]
    : ["root", "routes/($lang)", "routes/($lang)._index"];
const entries = Object.entries(meta.outputs)
  .filter(
    ([, output]) =>
      output.entryPoint === "app/entry.client.tsx" ||
      routes.some((route) => output.entryPoint === `browser-route-module:${route}.tsx?browser`),
  )
  .map(([file]) => file);
if (entries.length !== routes.length + 1)
  throw new Error(`not every route was found in the build: ${routes.join(", ")}`);

const files = new Set();
const pending = [...entries];
while (pending.length) {
  const file = pending.pop();
  if (files.has(file)) continue;
  files.add(file);
  for (const imported of meta.outputs[file].imports)
    if (imported.kind === "import-statement" && imported.path.endsWith(".js")) pending.push(imported.path);
}

const rows = [...files].map((file) => {
  const gzip = zlib.gzipSync(fs.readFileSync(file), { level: 6 }).length;
  const modules = Object.entries(meta.outputs[file].inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
    .map(([name, input]) => `${name.replace(/^node_modules\//, "")} ${input.bytesInOutput}`);
  return { file: file.replace(/^public/, ""), gzip, modules };
});
rows.sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
console.log(`${routes.join(" + ")}: ${(total / 1024).toFixed(2)} KB gzipped JavaScript in ${rows.length} files`);
for (const row of rows) {
  const shown = row.modules.length > 6 ? [...row.modules.slice(0, 6), `… ${row.modules.length - 6} more`] : row.modules;
  console.log(`${String(row.gzip).padStart(7)} B  ${row.file}\n          ${shown.join(", ")} (minified bytes)`);
}
