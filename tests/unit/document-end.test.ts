import { describe, expect, it } from "vitest";
import { closingTagsLast } from "../../app/http/document-end.server";

async function through(chunks: Array<string | Buffer>) {
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(typeof c === "string" ? Buffer.from(c) : c);
      controller.close();
    },
  });
  const out: Uint8Array[] = [];
  const reader = source.pipeThrough(closingTagsLast()).getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) out.push(next.value);
  return Buffer.concat(out).toString("utf8");
}

describe("closing tags last", () => {
  it("moves what React streams after the shell inside <body>", async () => {
    const html = await through([
      "<html><body><main>سند</main><script>a</script></body></html>",
      '<script nonce="n">window.__remixContext.streamController.enqueue("x")</script>',
      "<script>close()</script>",
    ]);
    expect(html).toBe(
      '<html><body><main>سند</main><script>a</script><script nonce="n">window.__remixContext.streamController.enqueue("x")</script><script>close()</script></body></html>',
    );
  });

  it("finds the tags split across chunks, at any point", async () => {
    const doc = "<html><body><p>نص عربي</p></body></html><script>late()</script>";
    const bytes = Buffer.from(doc);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(
        "<html><body><p>نص عربي</p><script>late()</script></body></html>",
      );
    }
  });

  it("leaves a document that already ends with them, or has none, unchanged", async () => {
    expect(await through(["<html><body>x</body></html>"])).toBe("<html><body>x</body></html>");
    expect(await through(["<p>a fragment</p", ">"])).toBe("<p>a fragment</p>");
    expect(await through(["</body></ht"])).toBe("</body></ht");
  });
});
