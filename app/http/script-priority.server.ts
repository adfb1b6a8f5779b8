// Remix's <Scripts> preloads every module of the page with <link rel="modulepreload">, which
// browsers fetch at high priority, alongside the style sheet the first paint waits for. On a slow
// mobile connection that JavaScript (about 100 KB gzipped) competes with the text and styles a
// reader came for, although the page works and reads without it (server-rendered, form-first).
// Marking the preloads fetchpriority="low" lets the browser fetch the style sheet and images first;
// hydration follows when the scripts arrive. <Scripts> has no option for it, so the HTML stream is
// rewritten on its way out.
const TAG_BYTES = Buffer.from('<link rel="modulepreload"');
const LOW_PRIORITY = Buffer.from(' fetchpriority="low"');

/**
 * A pass-through stream of the HTML bytes that adds fetchpriority="low" to each modulepreload link.
 * It works on bytes: the tag is ASCII, which never occurs inside a multi-byte character, so the page
 * is never decoded and encoded again (the profile of a render showed that costing more than the
 * search; docs/decisions/054). A tag may be split across chunks, so the end of a chunk that could be
 * the start of one is held back until the next. The renderer writes a flush as many small chunks in
 * one go: they are sent on together (after the current task), so the compression that follows
 * flushes once per renderer flush rather than once per chunk.
 */
export function lowPriorityModulePreloads(): TransformStream<Uint8Array, Uint8Array> {
  let pending: Uint8Array[] = [];
  let scheduled: ReturnType<typeof setImmediate> | null = null;

  function emit(controller: TransformStreamDefaultController<Uint8Array>, final: boolean) {
    scheduled = null;
    const data = Buffer.concat(pending);
    const hold = final ? 0 : partialTagAtEnd(data);
    pending = hold ? [Uint8Array.prototype.slice.call(data, data.length - hold)] : [];
    const ready = data.subarray(0, data.length - hold);
    if (ready.length === 0) return;
    const parts: Uint8Array[] = [];
    let from = 0;
    for (let at = ready.indexOf(TAG_BYTES); at !== -1; at = ready.indexOf(TAG_BYTES, from)) {
      parts.push(ready.subarray(from, at + TAG_BYTES.length), LOW_PRIORITY);
      from = at + TAG_BYTES.length;
    }
    parts.push(ready.subarray(from));
    try {
      controller.enqueue(parts.length === 1 ? ready : Buffer.concat(parts));
    } catch {
      // The reader went away (the visitor left): nothing to send to.
    }
  }

  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      pending.push(chunk);
      scheduled ??= setImmediate(() => emit(controller, false));
    },
    flush(controller) {
      if (scheduled) clearImmediate(scheduled);
      emit(controller, true);
    },
  });
}

/** How many bytes at the end of `data` are the start of the tag (0 when none). */
function partialTagAtEnd(data: Buffer) {
  for (let length = Math.min(TAG_BYTES.length - 1, data.length); length > 0; length--) {
    if (data.subarray(data.length - length).equals(TAG_BYTES.subarray(0, length))) return length;
  }
  return 0;
}
