import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildAssets,
  chooseEncoding,
  IMMUTABLE_CACHE_CONTROL,
  type Encoding,
} from "../../app/http/build-assets.server";
import { precompressFolder } from "../../scripts/precompress-assets.js";

// Fingerprinted assets compressed at build time and served as they are (docs/decisions/090):
// the negotiation, the files the build writes, and the answers over a real socket.
// The production build's own files: tests/integration/precompressed-assets.test.ts.

const ALL = new Set<Encoding>(["br", "gzip", "identity"]);

describe("choosing the encoding", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["br;q=0.5, gzip;q=0.9", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["*", "br"],
    ["*;q=0.1, br;q=0", "gzip"],
    ["identity", "identity"],
    ["identity;q=0", "identity"],
    ["*;q=0", "identity"],
    ["deflate", "identity"],
    ["", "identity"],
    ["gzip;q=abc", "identity"],
    ["gzip;q=2", "identity"],
    [";;;,,,=", "identity"],
    ["\u00e9\u0000br", "identity"],
  ])("Accept-Encoding %j → %s", (header, expected) => {
    expect(chooseEncoding(header, ALL)).toBe(expected);
  });

  it("only offers what the file has", () => {
    expect(chooseEncoding("br, gzip", new Set<Encoding>(["gzip", "identity"]))).toBe("gzip");
    expect(chooseEncoding("br, gzip", new Set<Encoding>(["identity"]))).toBe("identity");
    expect(chooseEncoding(undefined, ALL)).toBe("identity");
  });
});

describe("assets compressed at build time", () => {
  let folder: string;
  let base: string;
  let close: () => void;
  const script = Buffer.from(
    `export const text = ${JSON.stringify("كل شيء ".repeat(400) + "everything ".repeat(400))};\n`,
  );

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "sanad-assets-"));
    fs.mkdirSync(path.join(folder, "_assets"));
    fs.writeFileSync(path.join(folder, "entry-ABC123.js"), script);
    fs.writeFileSync(path.join(folder, "_assets", "tailwind-XYZ.css"), "body{margin:0}".repeat(300));
    fs.writeFileSync(path.join(folder, "tiny-1.js"), "1");
    fs.writeFileSync(path.join(folder, "font-1.woff2"), Buffer.from([1, 2, 3, 4, 5, 6, 7, 8]));
    // A stale copy from an earlier build is replaced, never kept beside other bytes.
    fs.writeFileSync(path.join(folder, "entry-ABC123.js.gz"), zlib.gzipSync("old bytes"));
    precompressFolder(folder);
    const app = express();
    app.use("/build", buildAssets(folder));
    app.use((error: { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res
        .status(error.status ?? 500)
        .type("text")
        .send(error.status === 404 ? "Not found" : "Bad request");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/build`;
    close = () => server.close();
  });
  afterAll(() => {
    close?.();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("writes brotli and gzip copies that decode to the file's bytes, only where they are smaller and only for text", () => {
    const file = path.join(folder, "entry-ABC123.js");
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).equals(script)).toBe(true);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).equals(script)).toBe(true);
    expect(fs.statSync(`${file}.br`).size).toBeLessThan(fs.statSync(`${file}.gz`).size);
    expect(fs.existsSync(path.join(folder, "_assets", "tailwind-XYZ.css.br"))).toBe(true);
    expect(fs.existsSync(path.join(folder, "tiny-1.js.br"))).toBe(false);
    expect(fs.existsSync(path.join(folder, "tiny-1.js.gz"))).toBe(false);
    expect(fs.existsSync(path.join(folder, "font-1.woff2.br"))).toBe(false);
  });

  // fetch would decode the body itself: these read the bytes as sent, with node's http client.
  async function raw(pathname: string, headers: Record<string, string> = {}, method = "GET") {
    const { request } = await import("node:http");
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
      (resolve, reject) => {
        const req = request(`${base}${pathname}`, { method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on("error", reject);
        req.end();
      },
    );
  }

  it("sends each encoding as stored, decoding to the same bytes, with its own strong tag and a year's immutable caching", async () => {
    const tags = new Set<string>();
    for (const [header, coding, decode] of [
      ["gzip, deflate, br", "br", zlib.brotliDecompressSync],
      ["gzip", "gzip", zlib.gunzipSync],
      ["identity", undefined, (bytes: Buffer) => bytes],
      ["*;q=0", undefined, (bytes: Buffer) => bytes],
      ["garbage;;q=nonsense", undefined, (bytes: Buffer) => bytes],
    ] as const) {
      const answer = await raw("/entry-ABC123.js", { "Accept-Encoding": header });
      expect(answer.status, header).toBe(200);
      expect(answer.headers["content-encoding"], header).toBe(coding);
      expect(answer.headers["content-type"]).toBe("application/javascript; charset=utf-8");
      expect(answer.headers["cache-control"]).toBe(IMMUTABLE_CACHE_CONTROL);
      expect(answer.headers.vary).toBe("Accept-Encoding");
      expect(answer.headers["content-length"]).toBe(String(answer.body.length));
      expect(decode(answer.body).equals(script), header).toBe(true);
      expect(answer.headers.etag).toMatch(/^"[\w-]+"$/);
      tags.add(`${coding}:${answer.headers.etag as string}`);
    }
    // One tag per encoding: a cache never confirms a gzip copy for a brotli request.
    expect(new Set([...tags].map((tag) => tag.split(":")[1])).size).toBe(3);
    const tiny = await raw("/tiny-1.js", { "Accept-Encoding": "br, gzip" });
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body.toString()).toBe("1");
  });

  it("answers HEAD with the headers and no body, and conditional requests per encoding", async () => {
    const full = await raw("/_assets/tailwind-XYZ.css", { "Accept-Encoding": "br" });
    const head = await raw("/_assets/tailwind-XYZ.css", { "Accept-Encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(String(full.body.length));
    expect(head.headers.etag).toBe(full.headers.etag);
    expect(head.headers["content-encoding"]).toBe("br");

    const again = await raw("/_assets/tailwind-XYZ.css", {
      "Accept-Encoding": "br",
      "If-None-Match": full.headers.etag as string,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(full.headers.etag);
    expect(again.headers["cache-control"]).toBe(IMMUTABLE_CACHE_CONTROL);
    // The brotli copy's tag does not confirm a gzip copy.
    const otherEncoding = await raw("/_assets/tailwind-XYZ.css", {
      "Accept-Encoding": "gzip",
      "If-None-Match": full.headers.etag as string,
    });
    expect(otherEncoding.status).toBe(200);
    expect(zlib.gunzipSync(otherEncoding.body).toString()).toBe("body{margin:0}".repeat(300));
    const since = await raw("/_assets/tailwind-XYZ.css", {
      "If-Modified-Since": full.headers["last-modified"] as string,
    });
    expect(since.status).toBe(304);
    const stale = await raw("/_assets/tailwind-XYZ.css", { "If-Modified-Since": "Thu, 01 Jan 1998 00:00:00 GMT" });
    expect(stale.status).toBe(200);
  });

  it("refuses what is no file of the build: missing names, compressed copies by name, paths outside, other methods", async () => {
    expect((await raw("/missing-0000.js")).status).toBe(404);
    expect((await raw("/entry-ABC123.js.br")).status).toBe(404);
    expect((await raw("/_assets")).status).toBe(404);
    expect((await raw("/..%2f..%2fetc%2fpasswd")).status).toBe(404);
    expect((await raw("/%E0%A4%A")).status).toBe(400);
    expect((await raw("/entry-ABC123.js", {}, "POST")).status).toBe(405);
  });
});
