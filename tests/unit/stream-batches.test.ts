import { describe, expect, it } from "vitest";
import { batchReader } from "../../app/utils/stream-batches.server";

// Streamed pages pass on what is waiting in one piece (decision 104): nothing lost, nothing
// reordered, nothing held back waiting for more.

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (value: Uint8Array) => new TextDecoder().decode(value);

function controlledStream() {
  let control!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (control = c) });
  return { stream, control };
}

describe("batchReader", () => {
  it("joins the chunks enqueued together, and gives a later chunk in a batch of its own", async () => {
    const { stream, control } = controlledStream();
    const next = batchReader(stream.getReader());
    for (const part of ["<html>", "<body>", "<p>one</p>"]) control.enqueue(bytes(part));
    const first = await next();
    expect(text(first!.bytes)).toBe("<html><body><p>one</p>");
    expect(first!.ended).toBe(false);

    // Nothing waiting: the next batch waits for the next chunk rather than answering empty.
    const second = next();
    setTimeout(() => {
      control.enqueue(bytes("<p>two</p>"));
      control.enqueue(bytes("</body></html>"));
      control.close();
    }, 20);
    const later = await second;
    expect(text(later!.bytes)).toBe("<p>two</p></body></html>");
    expect(later!.ended).toBe(true);
  });

  it("keeps a read left pending for the next batch, and ends with null", async () => {
    const { stream, control } = controlledStream();
    const next = batchReader(stream.getReader());
    control.enqueue(bytes("a"));
    expect(text((await next())!.bytes)).toBe("a");
    setTimeout(() => control.enqueue(bytes("b")), 10);
    expect(text((await next())!.bytes)).toBe("b");
    control.close();
    expect(await next()).toBeNull();
  });

  it("stops a batch at its size bound, losing nothing", async () => {
    const { stream, control } = controlledStream();
    const next = batchReader(stream.getReader(), 10);
    for (let i = 0; i < 6; i++) control.enqueue(bytes(`${i}${i}${i}${i}`));
    control.close();
    const seen: string[] = [];
    for (let batch = await next(); batch; batch = batch.ended ? null : await next()) seen.push(text(batch.bytes));
    expect(seen.join("")).toBe("000011112222333344445555");
    expect(seen.every((part) => part.length <= 12)).toBe(true);
    expect(seen.length).toBeGreaterThan(1);
  });
});
