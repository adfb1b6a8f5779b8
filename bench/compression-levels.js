// The on-the-fly compression levels of dynamic pages, measured on the pages themselves (decision
// 104): each signed-in page (a client's /dashboard and /checkout, the admin's /admin) compressed
// with gzip levels 1–6 and brotli qualities 1–5, bytes and microseconds per page. Not part of
// `npm run bench`: run it after `npm run build` when pages change a lot:
//   node bench/compression-levels.js
// server.ts sets the levels chosen from it (DYNAMIC_COMPRESSION).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { startBenchServer, writeResult } from "./lib/server.js";
import { clientWithCart, seedAdmin, Visitor } from "./lib/session.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sanad-levels-"));
const accounts = seedAdmin(dataDir);
const server = await startBenchServer({ PAGE_CACHE: "false", DATA_DIR: dataDir });

function measure(compress, page) {
  for (let i = 0; i < 30; i++) compress(page);
  const started = process.hrtime.bigint();
  let bytes = 0;
  for (let i = 0; i < ROUNDS; i++) bytes = compress(page).length;
  return { bytes, micros: Math.round(Number(process.hrtime.bigint() - started) / 1e3 / ROUNDS) };
}

const results = {};
try {
  const client = (await clientWithCart(server.url, accounts.client)).cookieHeader();
  const admin = new Visitor(server.url);
  await admin.logIn(accounts.admin.email, accounts.admin.password, accounts.admin.totpSecret);
  for (const [target, cookie] of [
    ["/dashboard", client],
    ["/checkout", client],
    ["/admin", admin.cookieHeader()],
  ]) {
    const page = Buffer.from(await (await fetch(server.url + target, { headers: { cookie } })).arrayBuffer());
    const rows = { identity: { bytes: page.length, micros: 0 } };
    for (const level of [1, 2, 4, 6]) rows[`gzip ${level}`] = measure((bytes) => zlib.gzipSync(bytes, { level }), page);
    for (const quality of [1, 2, 3, 4, 5]) {
      rows[`br ${quality}`] = measure(
        (bytes) =>
          zlib.brotliCompressSync(bytes, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            },
          }),
        page,
      );
    }
    results[target] = rows;
    for (const [name, row] of Object.entries(rows))
      console.log(
        `${target.padEnd(11)} ${name.padEnd(9)} ${String(row.bytes).padStart(7)} bytes ${String(row.micros).padStart(6)} µs`,
      );
  }
} finally {
  process.kill(server.pid);
}
writeResult("compression-levels", { rounds: ROUNDS, load: os.loadavg(), results });
