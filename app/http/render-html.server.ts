import type { ReactNode } from "react";
// The web-streams renderer, not react-dom/server's default for Node (renderToPipeableStream):
// React 18.3.1's Node renderer sends the whole of its 2,048-byte buffer when a multi-byte character
// does not fit at its end, so the unwritten bytes go out as U+0000 (react issue 31134, fixed only in
// React 19, which Remix 2 does not support). The web-streams build copies bytes and never leaves a
// gap. docs/decisions/030-html-streams-without-nul-bytes.md.
import { renderToReadableStream } from "react-dom/server.browser";
import { batchReader } from "../utils/stream-batches.server";

export type RenderOptions = {
  nonce?: string;
  /** Resolve only when everything has rendered (crawlers), not when the shell is ready. */
  waitForAll?: boolean;
  /** Stop waiting for suspended parts after this long (their fallbacks stay). */
  timeoutMs: number;
  onError?: (error: unknown, state: { shellRendered: boolean }) => void;
};

/**
 * Renders a React document to a stream of UTF-8 bytes. Resolves once the shell (or with
 * `waitForAll`, everything) is ready; rejects when the shell itself fails.
 *
 * Cancelling the returned stream (a visitor gone, the page cache dropping a page it will not
 * share) stops the render without an error. React 18's own stream, cancelled, aborts the render
 * and then writes the aborted parts into the controller that was just closed, which throws
 * "Controller is already closed" into `onError` although nothing went wrong. So the reader gets a
 * stream of ours: its cancel aborts the render through the signal while React's stream is still
 * open, and what React writes then is read and dropped; errors of a render we stopped are not reported.
 */
export async function renderHtmlStream(
  element: ReactNode,
  { nonce, waitForAll = false, timeoutMs, onError }: RenderOptions,
): Promise<ReadableStream<Uint8Array>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const state = { shellRendered: false, cancelled: false };
  try {
    const stream = await renderToReadableStream(element, {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!state.cancelled) onError?.(error, state);
      },
    });
    state.shellRendered = true;
    const done = () => clearTimeout(timer);
    stream.allReady.then(done, done);
    if (waitForAll) await stream.allReady;
    const reader = stream.getReader();
    // React hands a page over in 512-byte pieces, all at once: passed on joined, so the steps
    // after it (script priorities, closing tags, compression, the socket) each see a few large
    // chunks instead of a hundred small ones (decision 104).
    const nextBatch = batchReader(reader);
    return new ReadableStream<Uint8Array>(
      {
        async pull(output) {
          const batch = await nextBatch();
          if (batch) output.enqueue(batch.bytes);
          if (!batch || batch.ended) output.close();
        },
        cancel(reason) {
          state.cancelled = true;
          clearTimeout(timer);
          controller.abort(reason);
          void drain(reader);
        },
      },
      { highWaterMark: 0 },
    );
  } catch (error) {
    clearTimeout(timer);
    throw error instanceof Error ? error : new Error(String(error));
  }
}

/** Reads a stream to its end and drops what it gives. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>) {
  try {
    for (;;) if ((await reader.read()).done) return;
  } catch {
    // an aborted render may end its stream with an error: nothing is waiting for it
  }
}
