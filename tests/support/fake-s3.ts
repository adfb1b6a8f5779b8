import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the S3 API as our document store uses it (PutObject, GetObject,
 * DeleteObject, HeadObject; path-style addresses, http://host/bucket/key), talked to by the real
 * `@aws-sdk/client-s3`. It does not check signatures but refuses a request without one. Objects
 * live in memory; `down()` makes it drop every connection (a bucket that cannot be reached),
 * `hang()` leave every request unanswered (a bucket that hangs).
 */
export type FakeS3 = {
  endpoint: string;
  bucket: string;
  objects: Map<string, Buffer>;
  requests: Array<{ method: string; key: string }>;
  /** Every request from now on fails (the connection is dropped). */
  down(isDown?: boolean): void;
  /** Every request from now on is read and never answered (a bucket that hangs). */
  hang(isHanging?: boolean): void;
  /** Goes down once `count` more requests were answered (an interruption half-way through). */
  downAfterRequests(count: number): void;
  /** Settings for the app (process.env) pointing at this fake. */
  env(): Record<string, string>;
  close(): Promise<void>;
};

/** Decodes an aws-chunked body (signed or unsigned streaming uploads), or returns it as it is. */
function decodeBody(body: Buffer, headers: http.IncomingHttpHeaders): Buffer {
  const encoding = String(headers["content-encoding"] ?? "");
  const sha = String(headers["x-amz-content-sha256"] ?? "");
  if (!encoding.includes("aws-chunked") && !sha.startsWith("STREAMING-")) return body;
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = body.indexOf("\r\n", offset);
    if (lineEnd < 0) break;
    const size = parseInt(body.subarray(offset, lineEnd).toString("latin1").split(";")[0]!, 16);
    offset = lineEnd + 2;
    if (!size) break;
    parts.push(body.subarray(offset, offset + size));
    offset += size + 2;
  }
  return Buffer.concat(parts);
}

export async function startFakeS3({ bucket = "sanad-test-documents" } = {}): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const requests: FakeS3["requests"] = [];
  let isDown = false;
  let isHanging = false;
  let requestsLeft = Infinity;

  const server = http.createServer((req, res) => {
    if (isDown) {
      req.socket.destroy();
      return;
    }
    if (isHanging) {
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const [, bucketName, ...rest] = url.pathname.split("/");
      const key = decodeURIComponent(rest.join("/"));
      requests.push({ method: req.method ?? "", key });
      if (--requestsLeft <= 0) isDown = true;
      const xml = (status: number, code: string) => {
        res.writeHead(status, { "Content-Type": "application/xml" });
        res.end(
          `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message><Key>${key}</Key></Error>`,
        );
      };
      if (!String(req.headers.authorization ?? "").startsWith("AWS4-HMAC-SHA256 ")) return xml(403, "AccessDenied");
      if (bucketName !== bucket) return xml(404, "NoSuchBucket");
      if (!key) return xml(400, "InvalidRequest");
      switch (req.method) {
        case "PUT": {
          const body = decodeBody(Buffer.concat(chunks), req.headers);
          const declared = Number(req.headers["x-amz-decoded-content-length"] ?? req.headers["content-length"]);
          if (req.headers["x-amz-decoded-content-length"] && declared !== body.length)
            return xml(400, "IncompleteBody");
          objects.set(key, body);
          res.writeHead(200, { ETag: `"${body.length.toString(16)}"` });
          return res.end();
        }
        case "GET":
        case "HEAD": {
          const body = objects.get(key);
          if (!body) return req.method === "HEAD" ? (res.writeHead(404), res.end()) : xml(404, "NoSuchKey");
          res.writeHead(200, {
            "Content-Type": "application/octet-stream",
            "Content-Length": String(body.length),
            ETag: `"${body.length.toString(16)}"`,
          });
          return res.end(req.method === "HEAD" ? undefined : body);
        }
        case "DELETE":
          objects.delete(key);
          res.writeHead(204);
          return res.end();
        default:
          return xml(405, "MethodNotAllowed");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    objects,
    requests,
    down(value = true) {
      isDown = value;
      if (!value) requestsLeft = Infinity;
    },
    hang(value = true) {
      isHanging = value;
    },
    downAfterRequests(count) {
      requestsLeft = count;
    },
    env: () => ({
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: "fake-access-key",
      S3_SECRET_ACCESS_KEY: "fake-secret-access-key",
      S3_FORCE_PATH_STYLE: "true",
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
