// Where a server render's time goes: not part of `npm run bench`. After `npm run build`:
//   node bench/profile-render.js [path ...]     (default: / and a service page)
// Starts the production server with the page cache off (PAGE_CACHE=false, so every request renders),
// warms it up, then records V8's CPU profile over PROFILE_REQUESTS sequential requests per path
// (default 200) and prints the self time grouped by where the code lives (React's server renderer,
// Remix, compression, the app's own modules…) and the heaviest functions. The whole profile is
// written to bench/results/render.cpuprofile (open it in Chrome DevTools › Performance, or speedscope).
// Signed-in pages: PROFILE_AS=client (a seeded client with two lines in the cart: /dashboard,
// /checkout) or PROFILE_AS=admin (/admin), e.g. `PROFILE_AS=client node bench/profile-render.js /dashboard /checkout`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startBenchServer } from "./lib/server.js";
import { clientWithCart, seedAdmin, Visitor } from "./lib/session.js";

const REQUESTS = Number(process.env.PROFILE_REQUESTS ?? 200);
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/ban-checks/travel-ban-check"];

// PAGE_CACHE=true profiles the cached path instead.
const signIn = process.env.PROFILE_AS;
const dataDir = signIn ? fs.mkdtempSync(path.join(os.tmpdir(), "sanad-profile-")) : null;
const accounts = dataDir ? seedAdmin(dataDir) : null;
const server = await startBenchServer(
  { PAGE_CACHE: process.env.PAGE_CACHE ?? "false", ...(dataDir ? { DATA_DIR: dataDir } : {}) },
  { inspect: true },
);
let profile;
const timings = {};
try {
  let cookie = "";
  if (signIn === "client") cookie = (await clientWithCart(server.url, accounts.client)).cookieHeader();
  else if (signIn === "admin") {
    const admin = new Visitor(server.url);
    await admin.logIn(accounts.admin.email, accounts.admin.password, accounts.admin.totpSecret);
    cookie = admin.cookieHeader();
  }
  const headers = { "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) };
  for (const target of paths) {
    const first = await fetch(server.url + target, { headers, redirect: "manual" });
    if (first.status !== 200)
      throw new Error(
        `${target} answered ${first.status} ${first.headers.get("location") ?? ""}${signIn ? "" : " (signed-in pages need PROFILE_AS)"}`,
      );
  }
  for (const target of paths)
    for (let i = 0; i < 30; i++) await (await fetch(server.url + target, { headers })).arrayBuffer();
  profile = await server.cpuProfile(async () => {
    for (const target of paths) {
      const started = performance.now();
      for (let i = 0; i < REQUESTS; i++) await (await fetch(server.url + target, { headers })).arrayBuffer();
      timings[target] = (performance.now() - started) / REQUESTS;
    }
  });
} finally {
  await server.stop();
}

fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync("bench/results/render.cpuprofile", JSON.stringify(profile));

// Self time per node: samples × interval, attributed to the function's file.
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMs = new Map();
const intervals = profile.timeDeltas;
profile.samples.forEach((id, index) => selfMs.set(id, (selfMs.get(id) ?? 0) + (intervals[index] ?? 0) / 1000));
const total = [...selfMs.values()].reduce((a, b) => a + b, 0);

function area(url) {
  if (!url) return "(V8 and Node internals: garbage collection, idle, native)";
  if (url.startsWith("node:")) return `Node (${url.slice(5).split("/")[0]})`;
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    const name = rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
    if (name === "react-dom") return "react-dom (server renderer)";
    return name;
  }
  if (url.includes("/build/index.js")) return "the app (server build)";
  if (url.includes("/build/server.js")) return "server.ts (Express set-up)";
  return path.basename(url);
}

const areas = new Map();
const functions = new Map();
for (const [id, ms] of selfMs) {
  const node = byId.get(id);
  const frame = node.callFrame;
  const name = ["(idle)", "(program)", "(garbage collector)"].includes(frame.functionName)
    ? frame.functionName
    : area(frame.url);
  areas.set(name, (areas.get(name) ?? 0) + ms);
  const fn = `${frame.functionName || "(anonymous)"} ${frame.url ? `${area(frame.url)}:${frame.lineNumber + 1}` : ""}`;
  functions.set(fn, (functions.get(fn) ?? 0) + ms);
}
const busy = total - (areas.get("(idle)") ?? 0);
const pct = (ms) => `${((ms / busy) * 100).toFixed(1).padStart(5)} %`;
console.log(
  `${REQUESTS} requests each to ${paths.join(", ")}; ms per request: ${Object.entries(timings)
    .map(([p, ms]) => `${p} ${ms.toFixed(1)}`)
    .join(", ")}`,
);
console.log(`busy ${busy.toFixed(0)} ms of ${total.toFixed(0)} ms profiled; self time by area (share of busy time):`);
for (const [name, ms] of [...areas]
  .filter(([name]) => name !== "(idle)")
  .sort((a, b) => b[1] - a[1])
  .slice(0, 15))
  console.log(`  ${pct(ms)}  ${name}`);
console.log("heaviest functions (self time):");
for (const [name, ms] of [...functions]
  .filter(([name]) => !name.startsWith("(idle)"))
  .sort((a, b) => b[1] - a[1])
  .slice(0, 25))
  console.log(`  ${pct(ms)}  ${name}`);
console.log("profile written to bench/results/render.cpuprofile");
