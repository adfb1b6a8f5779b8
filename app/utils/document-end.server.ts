import { Transform, type TransformCallback } from "node:stream";

// React 18 writes the document's closing tags with the shell, so everything streamed after it —
// Remix's page data (single fetch writes it as <script> tags, ~14 KB on a long page) and any
// late Suspense content — lands after </html>. Browsers move it into <body> themselves, but it is
// invalid HTML: the W3C checker stops at the first such tag with a fatal error. Holding the
// closing tags back until the stream ends puts that content inside <body>, as React 19 does,
// at no cost: nothing waits for it, the browser just sees </body></html> last
// (docs/decisions/065-streamed-data-inside-body.md).
const CLOSING = Buffer.from("</body></html>");

/**
 * A pass-through stream that removes the first "</body></html>" and writes it at the end. It works
 * on bytes (the tags are ASCII, so no character is ever split or changed); the end of a chunk that
 * could be the start of the tags is held until the next chunk.
 */
export function closingTagsLast() {
  let held = false;
  let carry = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      if (held) return callback(null, bytes);
      let data = carry.length ? Buffer.concat([carry, bytes]) : bytes;
      carry = Buffer.alloc(0);
      const at = data.indexOf(CLOSING);
      if (at !== -1) {
        held = true;
        data = Buffer.concat([data.subarray(0, at), data.subarray(at + CLOSING.length)]);
        return callback(null, data);
      }
      const partial = partialAtEnd(data);
      carry = Buffer.from(data.subarray(data.length - partial));
      callback(null, data.subarray(0, data.length - partial));
    },
    flush(callback: TransformCallback) {
      callback(null, held ? Buffer.concat([carry, CLOSING]) : carry);
    },
  });
}

/** How many bytes at the end of `data` are the start of the closing tags (0 when none). */
function partialAtEnd(data: Buffer) {
  for (let length = Math.min(CLOSING.length - 1, data.length); length > 0; length--) {
    if (data.subarray(data.length - length).equals(CLOSING.subarray(0, length))) return length;
  }
  return 0;
}
