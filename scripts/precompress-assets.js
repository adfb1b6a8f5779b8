// Fingerprinted build output (public/build) compressed once at build time, at the highest
// settings (it happens once per build): each text file gets a `.br` and a `.gz` beside it, which
// the server sends as they are (app/http/build-assets.server.ts, docs/decisions/090).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** Kinds of file worth compressing; fonts and images are compressed formats already. */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  ".js",
  ".mjs",
  ".css",
  ".map",
  ".json",
  ".svg",
  ".txt",
  ".html",
  ".xml",
]);

/** Brotli at quality 11 (text mode, with the size hint) and gzip at level 9. */
export function compressBoth(bytes) {
  return {
    br: zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip: zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION, memLevel: 9 }),
  };
}

/**
 * Writes `<file>.br` and `<file>.gz` for every compressible file under `folder`, only where the
 * compressed bytes are smaller (a tiny file is sent as it is). Old siblings are removed first, so a
 * file never keeps a compressed copy of other bytes. Returns what was written, for the build's line.
 */
export function precompressFolder(folder) {
  let files = 0;
  let before = 0;
  let afterBr = 0;
  for (const file of walk(folder)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(path.extname(file))) continue;
    for (const suffix of [".br", ".gz"]) fs.rmSync(file + suffix, { force: true });
    const bytes = fs.readFileSync(file);
    const { br, gzip } = compressBoth(bytes);
    if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br);
    if (gzip.length < bytes.length) fs.writeFileSync(`${file}.gz`, gzip);
    files += 1;
    before += bytes.length;
    afterBr += Math.min(br.length, bytes.length);
  }
  return { files, bytes: before, brotliBytes: afterBr };
}

function* walk(folder) {
  if (!fs.existsSync(folder)) return;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}
