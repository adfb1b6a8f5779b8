import { Writable } from "node:stream";
import { Suspense, type ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderHtmlStream } from "../../app/http/render-html.server";

// Arabic (2-byte), dashes and quotes (3-byte) and an emoji (4-byte) in text and in attributes, in
// runs of varying length, so multi-byte characters land on every position of the renderer's buffers.
function Page({ rows }: { rows: number }) {
  const items: ReactNode[] = [];
  for (let i = 0; i < rows; i++) {
    items.push(
      <p key={i} title={`تحدث مع خبير قانوني ${i}`} aria-label={`عرض روابط للشركات — “${i}”`}>
        {`سند للاستشارات القانونية ${"ـ".repeat(i % 11)} — ${"x".repeat(i % 5)} ✓ 🙂`}
      </p>,
    );
  }
  return (
    <html lang="ar" dir="rtl">
      <body>
        <Suspense fallback="…">
          <main>{items}</main>
        </Suspense>
      </body>
    </html>
  );
}

async function bytesOf(stream: ReadableStream<Uint8Array>) {
  const chunks: Buffer[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(Buffer.from(next.value));
  return Buffer.concat(chunks);
}

const nulCount = (bytes: Buffer) => bytes.reduce((n, byte) => n + (byte === 0 ? 1 : 0), 0);

describe("renderHtmlStream", () => {
  it("never writes U+0000 and always writes valid UTF-8, whatever the length of the page", async () => {
    for (const rows of [10, 57, 200, 431, 800]) {
      const bytes = await bytesOf(await renderHtmlStream(<Page rows={rows} />, { timeoutMs: 5000, waitForAll: true }));
      expect(nulCount(bytes), `${rows} rows`).toBe(0);
      const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      expect(text).not.toContain("\ufffd");
      expect(text).toContain(`تحدث مع خبير قانوني ${rows - 1}`);
    }
  });

  it("rejects when the shell cannot render", async () => {
    function Broken(): ReactNode {
      throw new Error("broken shell");
    }
    const errors: unknown[] = [];
    await expect(
      renderHtmlStream(<Broken />, { timeoutMs: 1000, onError: (error) => errors.push(error) }),
    ).rejects.toThrow("broken shell");
    expect(errors).toHaveLength(1);
  });

  it("stops without an error when its reader cancels while parts are still suspended (a page the cache drops, a visitor gone)", async () => {
    let release = () => {};
    const pending = new Promise<void>((resolve) => (release = resolve));
    let resolved = false;
    function Late(): ReactNode {
      if (!resolved) {
        throw pending.then(() => {
          resolved = true;
        });
      }
      return <p>late part</p>;
    }
    for (const cancelAt of ["before-read", "after-first-chunk"] as const) {
      resolved = false;
      const errors: unknown[] = [];
      const stream = await renderHtmlStream(
        <html lang="en">
          <body>
            <p>shell</p>
            <Suspense fallback="…">
              <Late />
            </Suspense>
          </body>
        </html>,
        { timeoutMs: 5000, onError: (error) => errors.push(error) },
      );
      if (cancelAt === "after-first-chunk") {
        const reader = stream.getReader();
        expect(Buffer.from((await reader.read()).value!).toString()).toContain("shell");
        await reader.cancel();
      } else {
        await stream.cancel();
      }
      release();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(errors, cancelAt).toEqual([]);
    }
  });

  // Why the renderer above is not react-dom/server's default for Node (docs/decisions/030): with
  // React 18.3.1 the same pages come out with NUL bytes (react issue 31134). If this starts failing,
  // React fixed it and the decision can be revisited.
  it("is needed: React 18's renderToPipeableStream writes U+0000 into the same pages", async () => {
    let total = 0;
    for (const rows of [10, 57, 200, 431, 800]) {
      const bytes = await new Promise<Buffer>((resolve, reject) => {
        const chunks: Buffer[] = [];
        const sink = new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
          final(done) {
            resolve(Buffer.concat(chunks));
            done();
          },
        });
        const { pipe } = renderToPipeableStream(<Page rows={rows} />, {
          onAllReady: () => pipe(sink),
          onShellError: reject,
        });
      });
      total += nulCount(bytes);
    }
    expect(total).toBeGreaterThan(0);
  });
});
