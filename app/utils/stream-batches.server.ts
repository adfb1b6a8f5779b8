/**
 * Whether a read is already answered (its chunk was waiting), judged after the pending
 * microtasks: a producer that enqueues several chunks at once has them all queued by then.
 */
export function readyNow(read: Promise<unknown>): Promise<boolean> {
  return Promise.race([
    read.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => setImmediate(() => resolve(false))),
  ]);
}

/**
 * Reads a byte stream in batches: each call gives every chunk that is waiting, joined (at least
 * one, waiting for it if none is), or null at the end. A chunk not yet there is left for the next
 * call, so nothing is held back from a reader that wants to send what it has.
 */
export function batchReader(reader: ReadableStreamDefaultReader<Uint8Array>, maxBytes = 256 * 1024) {
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  const take = () => {
    const read = pending ?? reader.read();
    pending = null;
    return read;
  };
  return async function nextBatch(): Promise<{ bytes: Uint8Array; ended: boolean } | null> {
    const first = await take();
    if (first.done) return null;
    const parts: Uint8Array[] = [first.value];
    let size = first.value.byteLength;
    while (size < maxBytes) {
      const read = reader.read();
      if (!(await readyNow(read))) {
        pending = read;
        break;
      }
      const next = await read;
      if (next.done) return { bytes: join(parts, size), ended: true };
      parts.push(next.value);
      size += next.value.byteLength;
    }
    return { bytes: join(parts, size), ended: false };
  };
}

function join(parts: Uint8Array[], size: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const joined = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.byteLength;
  }
  return joined;
}
