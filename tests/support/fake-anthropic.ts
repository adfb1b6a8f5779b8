import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type FakeAnthropicMode =
  | { kind: "answer"; text: string; chunkDelayMs?: number }
  | { kind: "error"; status: number; type?: string }
  | { kind: "hang" };

export type ReceivedRequest = { headers: http.IncomingHttpHeaders; body: Record<string, unknown> };

/**
 * A local stand-in for the Anthropic Messages API that the real SDK talks to (`baseURL`). It
 * answers POST /v1/messages, streamed as server-sent events like the real API (message_start,
 * content_block_start, content_block_delta…, message_stop) or as one JSON message, or fails with a
 * chosen status (500, 529 overloaded, 429…), or never answers (hang).
 */
export async function startFakeAnthropic(
  initial: FakeAnthropicMode = { kind: "answer", text: "Hello from the fake model." },
) {
  let mode: FakeAnthropicMode = initial;
  const requests: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      if (req.method !== "POST" || !req.url?.startsWith("/v1/messages")) {
        res
          .writeHead(404, { "content-type": "application/json" })
          .end(JSON.stringify({ type: "error", error: { type: "not_found_error", message: "Not found" } }));
        return;
      }
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        // keep empty
      }
      requests.push({ headers: req.headers, body });
      const current = mode;
      if (current.kind === "hang") return; // never answer
      if (current.kind === "error") {
        const type =
          current.type ??
          (current.status === 529 ? "overloaded_error" : current.status === 429 ? "rate_limit_error" : "api_error");
        res
          .writeHead(current.status, { "content-type": "application/json", "request-id": "req_fake" })
          .end(JSON.stringify({ type: "error", error: { type, message: `fake ${type}` } }));
        return;
      }
      const model = typeof body.model === "string" ? body.model : "claude-fake";
      const id = `msg_fake_${requests.length}`;
      const words = current.text.match(/\S+\s*/g) ?? [current.text];
      if (body.stream !== true) {
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            id,
            type: "message",
            role: "assistant",
            model,
            content: [{ type: "text", text: current.text }],
            stop_reason: "end_turn",
            stop_sequence: null,
            usage: { input_tokens: 10, output_tokens: words.length },
          }),
        );
        return;
      }
      res.writeHead(200, {
        "content-type": "text/event-stream",
        "cache-control": "no-cache",
        connection: "keep-alive",
      });
      const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      send("message_start", {
        type: "message_start",
        message: {
          id,
          type: "message",
          role: "assistant",
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 10, output_tokens: 1 },
        },
      });
      send("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } });
      let i = 0;
      const next = () => {
        if (res.destroyed) return;
        if (i < words.length) {
          send("content_block_delta", {
            type: "content_block_delta",
            index: 0,
            delta: { type: "text_delta", text: words[i++] },
          });
          setTimeout(next, current.chunkDelayMs ?? 5);
          return;
        }
        send("content_block_stop", { type: "content_block_stop", index: 0 });
        send("message_delta", {
          type: "message_delta",
          delta: { stop_reason: "end_turn", stop_sequence: null },
          usage: { output_tokens: words.length },
        });
        send("message_stop", { type: "message_stop" });
        res.end();
      };
      next();
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    requests,
    setMode(next: FakeAnthropicMode) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
