import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";

// Remix's <Scripts> preloads every module of the page with <link rel="modulepreload">, which
// browsers fetch at high priority, alongside the style sheet the first paint waits for. On a slow
// mobile connection that JavaScript (about 100 KB gzipped) competes with the text and styles a
// reader came for, although the page works and reads without it (server-rendered, form-first).
// Marking the preloads fetchpriority="low" lets the browser fetch the style sheet and images first;
// hydration follows when the scripts arrive. <Scripts> has no option for it, so the HTML stream is
// rewritten on its way out.
const TAG = '<link rel="modulepreload"';
const LOW_PRIORITY_TAG = '<link rel="modulepreload" fetchpriority="low"';

/**
 * A pass-through stream that adds fetchpriority="low" to each modulepreload link. A tag may be split
 * across chunks, so the end of a chunk that could be the start of one is held back until the next.
 */
export function lowPriorityModulePreloads() {
  let carry = "";
  // Decodes across chunk boundaries: a chunk may end inside a multi-byte character (Arabic text).
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      const text = carry + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const rewritten = text.split(TAG).join(LOW_PRIORITY_TAG);
      const hold = partialTagAtEnd(rewritten);
      carry = rewritten.slice(rewritten.length - hold);
      callback(null, rewritten.slice(0, rewritten.length - hold));
    },
    flush(callback: TransformCallback) {
      callback(null, carry + decoder.end());
    },
  });
}

/** How many characters at the end of `text` are the start of TAG (0 when none). */
function partialTagAtEnd(text: string) {
  for (let length = Math.min(TAG.length - 1, text.length); length > 0; length--) {
    if (TAG.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}
