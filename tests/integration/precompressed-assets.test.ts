import fs from "node:fs";
import { request } from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/server-process";
import { testDbKind } from "../support/test-db";

// The production build's fingerprinted assets, compressed by `npm run build` and served as they
// are (docs/decisions/090): every script and stylesheet a page loads, in each encoding.

const kind = testDbKind();
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ NODE_ENV: "production", LOG_REQUESTS: "false" });
});
afterAll(async () => {
  await server?.stop();
});

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** The bytes as sent (fetch would decode them). */
function raw(pathname: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<Raw>((resolve, reject) => {
    const req = request(`${server.url}${pathname}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe(`precompressed build assets (${kind})`, () => {
  it("every script and stylesheet of the home page decodes, in brotli and gzip, to the file's bytes", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const assets = [
      ...new Set([...html.matchAll(/(?:src|href)="(\/build\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!)),
    ];
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) {
      const file = fs.readFileSync(path.join("public", asset));
      // A copy is written only where it is smaller than the file (a tiny chunk is sent as it is).
      const has = (suffix: string) => fs.existsSync(path.join("public", asset + suffix));
      if (file.length > 1000) expect(has(".br") && has(".gz"), asset).toBe(true);
      const brotli = await raw(asset, { "Accept-Encoding": "gzip, deflate, br, zstd" });
      expect(brotli.headers["content-encoding"], asset).toBe(has(".br") ? "br" : has(".gz") ? "gzip" : undefined);
      if (has(".br")) expect(zlib.brotliDecompressSync(brotli.body).equals(file), asset).toBe(true);
      const gzip = await raw(asset, { "Accept-Encoding": "gzip" });
      expect(gzip.headers["content-encoding"], asset).toBe(has(".gz") ? "gzip" : undefined);
      expect((has(".gz") ? zlib.gunzipSync(gzip.body) : gzip.body).equals(file), asset).toBe(true);
      const plain = await raw(asset, {});
      expect(plain.headers["content-encoding"], asset).toBeUndefined();
      expect(plain.body.equals(file), asset).toBe(true);
      for (const answer of [brotli, gzip, plain]) {
        expect(answer.status).toBe(200);
        expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(answer.headers.vary).toBe("Accept-Encoding");
      }
      expect(new Set([brotli.headers.etag, gzip.headers.etag, plain.headers.etag]).size, asset).toBe(
        1 + Number(has(".br")) + Number(has(".gz")),
      );
    }
  });

  it("answers identity, *;q=0, garbage, HEAD and conditional requests validly", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = /href="(\/build\/_assets\/[^"]+\.css)"/.exec(html)![1]!;
    const file = fs.readFileSync(path.join("public", asset));
    for (const header of ["identity", "*;q=0", "identity;q=0", "gzip;q=nonsense, ;;, \u00ff", "deflate"]) {
      const answer = await raw(asset, { "Accept-Encoding": header });
      expect(answer.status, header).toBe(200);
      expect(answer.headers["content-encoding"], header).toBeUndefined();
      expect(answer.body.equals(file), header).toBe(true);
    }
    const head = await raw(asset, { "Accept-Encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
    const conditional = await raw(asset, { "Accept-Encoding": "br", "If-None-Match": head.headers.etag as string });
    expect(conditional.status).toBe(304);
    expect(conditional.body.length).toBe(0);
    expect((await raw("/build/missing-0000.js")).status).toBe(404);
  });
});
