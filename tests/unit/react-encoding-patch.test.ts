import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { renderToReadableStream as RenderToReadableStream } from "react-dom/server.browser";
import { describe, expect, it } from "vitest";

// patches/react-dom: the web-streams server renderer (production build, what the server runs)
// keeps the UTF-8 bytes of short strings it has encoded before (class names, labels repeated on
// every row) instead of encoding each again (decision 104), and hands the stream 8 KiB chunks
// instead of 512-byte ones (each chunk is a read, a promise and a write further down the pipe).
// The bytes must be exactly as before.

const require = createRequire(import.meta.url);
// The package's exports hide the file; it sits beside the package's own entry.
const productionRenderer = path.join(
  path.dirname(require.resolve("react-dom/package.json")),
  "cjs",
  "react-dom-server.browser.production.min.js",
);
const { renderToReadableStream } = require(productionRenderer) as {
  renderToReadableStream: typeof RenderToReadableStream;
};

async function streamed(node: ReactNode): Promise<string> {
  const stream = await renderToReadableStream(node);
  return new Response(stream).text();
}

/** A table like the back office's: the same classes on every row, names in two scripts, long cells. */
function table(rows: number, seed: string): ReactNode {
  return h(
    "table",
    { className: "w-full text-sm" },
    h(
      "tbody",
      null,
      Array.from({ length: rows }, (_, i) =>
        h(
          "tr",
          { key: i, className: "border-b border-slate-200 hover:bg-slate-50", "data-row": `${seed}-${i}` },
          h("td", { className: "px-3 py-2 font-medium" }, `سند ${i} — Client ${seed} ${i}`),
          h("td", { className: "px-3 py-2" }, "AED 1,250"),
          h("td", { className: "px-3 py-2", title: "é".repeat(200 + i) }, `${"🙂".repeat(i % 7)}${"x".repeat(i * 13)}`),
        ),
      ),
    ),
  );
}

describe("the patched server renderer", () => {
  it("is the patched one npm install leaves in place", () => {
    expect(fs.readFileSync(productionRenderer, "utf8")).toContain("uKept");
  });

  it("gives the very bytes of an unpatched render, the first time and when its kept strings are used again", async () => {
    for (const seed of ["a", "b", "a"]) {
      const node = table(60, seed);
      expect(await streamed(node)).toBe(renderToString(node));
    }
  });

  it("streams a long page in 8 KiB chunks, not 512-byte ones, with the same bytes", async () => {
    const node = table(400, "c");
    const stream = await renderToReadableStream(node);
    const reader = stream.getReader();
    const chunks: Uint8Array[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    const size = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
    expect(size).toBeGreaterThan(64 * 1024);
    expect(chunks.length).toBeLessThanOrEqual(Math.ceil(size / 8192) + 4);
    expect(Math.max(...chunks.map((chunk) => chunk.byteLength))).toBeGreaterThan(512);
    expect(Buffer.concat(chunks).toString("utf8")).toBe(renderToString(node));
  });
});
