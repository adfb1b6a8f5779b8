import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "../../app/http/script-priority.server";

async function through(chunks: Buffer[]) {
  const out: Buffer[] = [];
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new Uint8Array(chunk));
      controller.close();
    },
  });
  const reader = source.pipeThrough(lowPriorityModulePreloads()).getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) out.push(Buffer.from(next.value));
  // Byte-exact: decoding with fatal: true would throw on a character cut in two.
  return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(out));
}

const html =
  '<html dir="rtl"><head><link rel="stylesheet" href="/build/a.css"/></head><body><h1>مرحباً بكم في سند</h1>' +
  '<link rel="modulepreload" href="/build/entry.client.js"/><link rel="modulepreload" href="/build/_shared/chunk.js"/>' +
  '<script type="module">import "/build/entry.client.js";</script></body></html>';
const expected = html.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe("lowPriorityModulePreloads", () => {
  it("marks every modulepreload link low priority and leaves the rest alone", async () => {
    expect(await through([Buffer.from(html)])).toBe(expected);
  });

  it("gives the same document however the stream is cut: inside a tag, inside an Arabic character", async () => {
    const bytes = Buffer.from(html);
    for (let size = 1; size <= 40; size += 3) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      expect(await through(chunks), `chunks of ${size} bytes`).toBe(expected);
    }
  });

  it("passes a document without scripts through unchanged", async () => {
    const plain = "<html><body><p>link rel=modulepreload is only text here &lt;link</p></body></html>";
    expect(await through([Buffer.from(plain.slice(0, 50)), Buffer.from(plain.slice(50))])).toBe(plain);
  });
});
