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
 * A pass-through stream of the HTML bytes that adds fetchpriority="low" to each modulepreload link.
 * A tag may be split across chunks, so the end of a chunk that could be the start of one is held
 * back until the next. The renderer writes a flush as many small chunks in one go: they are sent on
 * together (after the current task), so the compression that follows flushes once per renderer
 * flush rather than once per chunk.
 */
export function lowPriorityModulePreloads(): TransformStream<Uint8Array, Uint8Array> {
  // Decodes across chunk boundaries: a chunk may end inside a multi-byte character (Arabic text).
  const decoder = new TextDecoder("utf-8");
  const encoder = new TextEncoder();
  let pending = "";
  let scheduled: ReturnType<typeof setImmediate> | null = null;

  function emit(controller: TransformStreamDefaultController<Uint8Array>, final: boolean) {
    scheduled = null;
    const rewritten = pending.split(TAG).join(LOW_PRIORITY_TAG);
    const hold = final ? 0 : partialTagAtEnd(rewritten);
    pending = rewritten.slice(rewritten.length - hold);
    const ready = rewritten.slice(0, rewritten.length - hold);
    if (ready.length === 0) return;
    try {
      controller.enqueue(encoder.encode(ready));
    } catch {
      // The reader went away (the visitor left): nothing to send to.
    }
  }

  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      pending += decoder.decode(chunk, { stream: true });
      scheduled ??= setImmediate(() => emit(controller, false));
    },
    flush(controller) {
      if (scheduled) clearImmediate(scheduled);
      pending += decoder.decode();
      emit(controller, true);
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
