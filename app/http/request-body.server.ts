import type { IncomingMessage } from "node:http";
import { CSRF_FIELD } from "./csrf";
import { cleanInputText, cleanSearchParams } from "./input-text.server";

/** The body went past its limit: nothing of it was kept. */
export class BodyTooLarge extends Error {
  constructor() {
    super("request body over its limit");
  }
}

/**
 * The request's body as a stream that counts what passes: past `limit` bytes it errors with
 * BodyTooLarge and calls `onOverLimit` at once (chunked bodies announce no length). Reads only as
 * fast as its reader (the socket is paused meanwhile), so nothing piles up in memory. Cancelling it
 * lets the rest of the body be read and dropped (bounded by `discardUnreadBody` once answered);
 * so does `stop()`, for when the answer has gone out and nobody will read the stream any more.
 */
export function requestBodyStream(
  req: IncomingMessage,
  limit: number,
  onOverLimit: () => void,
): { stream: ReadableStream<Uint8Array>; stop: () => void } {
  let seen = 0;
  let settled = false;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const detach = () => {
    settled = true;
    req.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
  };
  const onData = (chunk: Buffer) => {
    if (settled) return;
    seen += chunk.byteLength;
    if (seen > limit) {
      detach();
      controller.error(new BodyTooLarge());
      onOverLimit();
      return;
    }
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  const onEnd = () => {
    detach();
    controller.close();
  };
  const onError = (error: Error) => {
    detach();
    controller.error(error);
  };
  const onClose = () => {
    if (!settled) onError(new Error("the client went away before sending the whole body"));
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        if (req.readableEnded) {
          settled = true;
          c.close();
          return;
        }
        req.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
      },
      pull() {
        req.resume();
      },
      cancel() {
        detach();
        req.resume();
      },
    },
    { highWaterMark: 4 },
  );
  const stop = () => {
    if (settled) return;
    detach();
    controller.error(new Error("the answer has been sent"));
  };
  return { stream, stop };
}

/** All of a stream's bytes, or null when it went past its limit or the client went away. */
export async function readWhole(stream: ReadableStream<Uint8Array>): Promise<Buffer | null> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
  } catch {
    return null;
  }
  return Buffer.concat(chunks);
}

const FORM_URLENCODED = /^application\/x-www-form-urlencoded\b/i;
const MULTIPART = /^multipart\/form-data\b/i;

export const isMultipartType = (contentType: string) => MULTIPART.test(contentType);

/**
 * The fields of a form body (urlencoded, or multipart without its files) through the input boundary,
 * or null when the body is not a form (JSON, text, a broken multipart body): the route then reads
 * it as it is.
 */
export async function formFields(body: Buffer, contentType: string): Promise<URLSearchParams | null> {
  if (FORM_URLENCODED.test(contentType)) {
    // Raw bytes that are not UTF-8 decode to U+FFFD, which the boundary removes.
    const params = new URLSearchParams(body.toString("utf8"));
    return cleanSearchParams(params) ?? params;
  }
  if (MULTIPART.test(contentType)) {
    let form: FormData;
    try {
      form = await new Response(body as unknown as BodyInit, { headers: { "Content-Type": contentType } }).formData();
    } catch {
      return null;
    }
    const params = new URLSearchParams();
    // A file in a form that takes none is dropped: only upload routes read files (streamed).
    for (const [name, value] of form)
      if (typeof value === "string") params.append(cleanInputText(name), cleanInputText(value));
    return params;
  }
  return null;
}

/**
 * The form token a multipart body carries in its first part (our upload forms put the hidden field
 * first), read from at most `maxBytes` at the start of the stream, and the stream again from its
 * first byte for the route's own parser.
 */
export async function firstMultipartToken(
  stream: ReadableStream<Uint8Array>,
  contentType: string,
  maxBytes = 16 * 1024,
): Promise<{ token: string | undefined; replay: ReadableStream<Uint8Array> }> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const delimiter = `--${boundary?.[1] ?? boundary?.[2] ?? ""}`;
  const reader = stream.getReader();
  const head: Uint8Array[] = [];
  let size = 0;
  let token: string | undefined;
  let ended = false;
  while (size < maxBytes) {
    const next = await reader.read().catch(() => ({ done: true as const, value: undefined }));
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    size += next.value.byteLength;
    const found = firstPart(Buffer.concat(head).toString("latin1"), delimiter);
    if (found !== "incomplete") {
      token = found ?? undefined;
      break;
    }
  }
  const replay = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk);
      if (ended) controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { token, replay };
}

/** The value of the first part when it is the token field; null when it is another part; "incomplete" when more bytes are needed. */
function firstPart(text: string, delimiter: string): string | null | "incomplete" {
  if (delimiter === "--") return null;
  const start = text.indexOf(`${delimiter}\r\n`);
  if (start < 0) return text.length > delimiter.length + 2 ? null : "incomplete";
  const headersEnd = text.indexOf("\r\n\r\n", start);
  if (headersEnd < 0) return "incomplete";
  const headers = text.slice(start + delimiter.length + 2, headersEnd).split("\r\n");
  const named = headers.some((line) =>
    new RegExp(`^content-disposition:\\s*form-data;\\s*name="${CSRF_FIELD}"\\s*$`, "i").test(line),
  );
  if (!named) return null;
  const valueEnd = text.indexOf(`\r\n${delimiter}`, headersEnd + 4);
  if (valueEnd < 0) return "incomplete";
  return text.slice(headersEnd + 4, valueEnd);
}

/**
 * After an answer has gone out while the client is still sending its body (a refusal, or a route
 * that did not need the body), keep reading and dropping what arrives for a short while, then
 * close. Closing at once (or answering with `Connection: close`, after which Node closes the
 * socket as soon as the answer is written) resets the connection with unread bytes in flight, and
 * the client's network stack then drops the answer it had not read yet; reading forever would let
 * anyone keep a connection busy.
 */
export const LINGER_MS = 5_000;
export const LINGER_BYTES = 64 * 1024 * 1024;

export function discardUnreadBody(req: IncomingMessage) {
  if (req.complete || req.destroyed) return;
  let drained = 0;
  const close = () => {
    clearTimeout(timer);
    req.socket?.destroy();
  };
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  req.on("data", (chunk: Buffer) => {
    drained += chunk.byteLength;
    if (drained > LINGER_BYTES) close();
  });
  req.on("end", () => clearTimeout(timer));
  req.on("error", () => clearTimeout(timer));
  req.resume();
}
