// React 18 writes the document's closing tags with the shell, so everything streamed after it —
// Remix's page data (single fetch writes it as <script> tags, ~14 KB on a long page) and any
// late Suspense content — lands after </html>. Browsers move it into <body> themselves, but it is
// invalid HTML: the W3C checker stops at the first such tag with a fatal error. Holding the
// closing tags back until the stream ends puts that content inside <body>, as React 19 does,
// at no cost: nothing waits for it, the browser just sees </body></html> last
// (docs/decisions/065-streamed-data-inside-body.md).
const CLOSING = Buffer.from("</body></html>");

/**
 * A pass-through stream of the HTML bytes that removes the first "</body></html>" and writes it at
 * the end. It works on bytes (the tags are ASCII, so no character is ever split or changed); the end
 * of a chunk that could be the start of the tags is held until the next chunk.
 */
export function closingTagsLast(): TransformStream<Uint8Array, Uint8Array> {
  let held = false;
  let carry: Uint8Array = new Uint8Array(0);
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      if (held) return controller.enqueue(chunk);
      let data = carry.length
        ? Buffer.concat([carry, chunk])
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      carry = new Uint8Array(0);
      const at = data.indexOf(CLOSING);
      if (at !== -1) {
        held = true;
        data = Buffer.concat([data.subarray(0, at), data.subarray(at + CLOSING.length)]);
        if (data.length) controller.enqueue(data);
        return;
      }
      const partial = partialAtEnd(data);
      carry = Uint8Array.prototype.slice.call(data, data.length - partial);
      if (data.length - partial > 0) controller.enqueue(data.subarray(0, data.length - partial));
    },
    flush(controller) {
      const rest = held ? Buffer.concat([carry, CLOSING]) : carry;
      if (rest.length) controller.enqueue(rest);
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
