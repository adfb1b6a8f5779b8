import fs from "node:fs";
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../app/auth/password.server";
import { openDatabase, pgliteDir, type DatabaseHandle } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { orders, users } from "../../db/schema";
import { cookieFrom, postForm } from "../support/http";
import { startServer, tempDir, type RunningServer } from "../support/server-process";
import { clientWithCart } from "../support/sign-in";
import { createPostgresDatabase, dropPostgresDatabase, testDbKind } from "../support/test-db";

// The checkout's document upload at the HTTP level, against the production build: hostile files
// and bodies are refused early with the spec's messages (never a 5xx), and the server's memory
// stays bounded while someone streams far more than the limits allow.

const kind = testDbKind();
const PASSWORD = "uploads-password-2026";
const EMAIL = `uploads-${Date.now()}@example.com`;
const MB = 1024 * 1024;
const FIELDS = {
  intent: "pay",
  legalName: "Aisha Rahman",
  email: EMAIL,
  phone: "+971 50 123 4567",
  state: "Dubai",
  description: "Travel ban check.",
};
const PDF_HEAD = Buffer.from("%PDF-1.4\n");

type Part = { name: string; value: string } | { name: string; fileName: string; data: Buffer; type?: string };

function multipart(parts: Part[], boundary = "----sanad-upload-test") {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ("value" in part) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${
            part.name
          }"; filename="${part.fileName}"\r\nContent-Type: ${part.type ?? "application/pdf"}\r\n\r\n`,
        ),
        part.data,
        Buffer.from("\r\n"),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const fieldParts = (): Part[] => Object.entries(FIELDS).map(([name, value]) => ({ name, value }));

/** The server's resident memory in bytes, from /proc (Linux). */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? "0");
  return kb * 1024;
}

/** HTML-decoded text of a page, for matching messages that contain quotes or apostrophes. */
const decoded = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

describe(`checkout uploads over HTTP on ${kind}`, () => {
  let server: RunningServer;
  let databaseUrl: string | undefined;
  let dataDir: string;
  let cookie: string;

  async function countOrders() {
    // The embedded database belongs to the server process: count through PostgreSQL only.
    if (!databaseUrl) return undefined;
    const handle = openDatabase({ url: databaseUrl, poolSize: 1 });
    try {
      return (await handle.db.select({ id: orders.id }).from(orders)).length;
    } finally {
      await handle.close();
    }
  }

  async function postCheckout(body: Buffer, contentType: string) {
    const started = Date.now();
    const response = await fetch(`${server.url}/checkout`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: server.url,
        Cookie: cookie,
        "Content-Type": contentType,
      },
      body: new Uint8Array(body),
      signal: AbortSignal.timeout(60_000),
    });
    return {
      status: response.status,
      html: decoded(await response.text()),
      ms: Date.now() - started,
    };
  }

  /**
   * Streams a multipart body (chunked, no length given) whose one file part grows until `total`
   * bytes were sent or the server answers; resolves with the answer, the bytes sent and the
   * server's peak RSS meanwhile.
   */
  function streamUpload(total: number, fileName = "endless.pdf") {
    const boundary = "----sanad-stream-test";
    const head = Buffer.concat([
      ...Object.entries(FIELDS).map(([name, value]) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="documents"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      PDF_HEAD,
    ]);
    const chunk = Buffer.alloc(256 * 1024, 0x41);
    const url = new URL(`${server.url}/checkout`);
    const pid = server.child.pid!;
    const baseline = rssOf(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, rssOf(pid));
      } catch {
        // the process is gone: the test fails elsewhere
      }
    }, 50);
    return new Promise<{
      status: number;
      html: string;
      sent: number;
      baseline: number;
      peak: number;
      ms: number;
    }>((resolve, reject) => {
      const started = Date.now();
      let sent = 0;
      let answered = false;
      const request = http.request({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: {
          Origin: server.url,
          Cookie: cookie,
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Transfer-Encoding": "chunked",
        },
      });
      const finish = (result: { status: number; html: string }) => {
        clearInterval(sampler);
        peak = Math.max(peak, rssOf(pid));
        resolve({ ...result, sent, baseline, peak, ms: Date.now() - started });
      };
      request.on("response", (response) => {
        answered = true;
        let html = "";
        response.setEncoding("utf8");
        response.on("data", (text: string) => (html += text));
        response.on("end", () => {
          request.destroy();
          finish({ status: response.statusCode ?? 0, html: decoded(html) });
        });
      });
      request.on("error", (error) => {
        if (answered) return;
        clearInterval(sampler);
        reject(new Error(`upload stream failed after ${sent} bytes without an answer: ${error.message}`));
      });
      request.write(head);
      const pump = () => {
        while (!answered && sent < total) {
          sent += chunk.length;
          if (!request.write(chunk)) {
            request.once("drain", pump);
            return;
          }
        }
        // Never sends the closing boundary: the body is endless as far as the server knows.
      };
      pump();
    });
  }

  beforeAll(async () => {
    dataDir = tempDir("sanad-uploads-");
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      LOG_REQUESTS: "false",
    };
    let handle: DatabaseHandle;
    if (kind === "postgres") {
      databaseUrl = await createPostgresDatabase();
      env.DATABASE_URL = databaseUrl;
      handle = openDatabase({ url: databaseUrl, poolSize: 1 });
      await migrateDatabase(handle, databaseUrl);
    } else {
      handle = openDatabase({ dataDir: pgliteDir(dataDir) });
      await migrateDatabase(handle);
    }
    try {
      await handle.db.insert(users).values({
        email: EMAIL,
        passwordHash: await hashPassword(PASSWORD),
        fullName: "Aisha Rahman",
        role: "client",
        emailConfirmedAt: new Date(),
      });
    } finally {
      await handle.close();
    }
    server = await startServer(env);
    const { session, cart } = await clientWithCart(server, EMAIL, PASSWORD);
    expect(session).toMatch(/^__session=./);
    expect(cart).toMatch(/^__cart=./);
    cookie = `${session}; ${cart}`;
    // The checkout page shows the cart: the set-up worked.
    const page = await fetch(`${server.url}/checkout`, {
      headers: { Cookie: cookie },
    });
    expect(page.status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    if (databaseUrl) await dropPostgresDatabase(databaseUrl);
  });

  it("refuses a file whose first bytes are not PDF, JPEG or PNG, whatever its name", async () => {
    const before = await countOrders();
    const executable = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00"), Buffer.alloc(2048, 1)]);
    const { body, contentType } = multipart([
      ...fieldParts(),
      { name: "documents", fileName: "passport.pdf", data: executable },
      {
        name: "documents",
        fileName: "photo.png",
        data: Buffer.from("GIF89a-not-a-png"),
        type: "image/png",
      },
    ]);
    const answer = await postCheckout(body, contentType);
    expect(answer.status).toBe(400);
    expect(answer.html).toContain("Invalid File Type: passport.pdf is not a supported file type.");
    expect(answer.html).toContain("Invalid File Type: photo.png is not a supported file type.");
    // What was typed is kept.
    expect(answer.html).toContain('value="Aisha Rahman"');
    expect(await countOrders()).toBe(before);
  });

  it("refuses zip-bomb-shaped files: an archive under a document name, and never inflates a compressed PDF", async () => {
    // A zip archive (PK\x03\x04) whose one entry inflates to 100 MB, sent as "report.pdf": refused by its first bytes.
    const inflated = 100 * MB;
    const deflated = zlib.deflateRawSync(Buffer.alloc(inflated), { level: 9 });
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt32LE(deflated.length, 18);
    header.writeUInt32LE(inflated, 22);
    header.writeUInt16LE(8, 26);
    const zip = Buffer.concat([header, Buffer.from("zero.bin"), deflated]);
    const { body, contentType } = multipart([
      ...fieldParts(),
      { name: "documents", fileName: "report.pdf", data: zip },
      {
        name: "documents",
        fileName: "bomb.zip",
        data: zip,
        type: "application/zip",
      },
    ]);
    const before = await countOrders();
    const answer = await postCheckout(body, contentType);
    expect(answer.status).toBe(400);
    expect(answer.html).toContain("Invalid File Type: report.pdf is not a supported file type.");
    expect(answer.html).toContain("Invalid File Type: bomb.zip is not a supported file type.");
    expect(await countOrders()).toBe(before);

    // A real PDF header in front of a Flate stream that inflates to 100 MB: the server stores
    // documents as opaque bytes (never decompresses or renders them), so its memory does not move.
    const stream = zlib.deflateSync(Buffer.alloc(inflated));
    const pdf = Buffer.concat([
      Buffer.from(`%PDF-1.4\n1 0 obj << /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`),
      stream,
      Buffer.from("\nendstream\nendobj\n%%EOF\n"),
    ]);
    expect(pdf.length).toBeLessThan(MB);
    const pid = server.child.pid!;
    const rssBefore = rssOf(pid);
    const withBomb = multipart([...fieldParts(), { name: "documents", fileName: "compressed.pdf", data: pdf }]);
    const accepted = await postCheckout(withBomb.body, withBomb.contentType);
    // Accepted as a document like any other (the order goes on to payment: a redirect).
    expect(accepted.status, accepted.html.slice(0, 500)).toBeGreaterThanOrEqual(300);
    expect(accepted.status).toBeLessThan(400);
    const grew = (rssOf(pid) - rssBefore) / MB;
    expect(grew, "RSS growth (MB) after accepting a PDF that would inflate to 100 MB").toBeLessThan(60);
    if (before !== undefined) expect(await countOrders()).toBe(before + 1);
    // The cart is emptied by a successful order: put the line back for the next tests.
    const cart = await postForm(
      server.url,
      "/cart/update",
      { intent: "add", serviceType: "travel-ban", tierId: "basic" },
      { cookie },
    );
    const cartCookie = cookieFrom(cart, "__cart");
    if (cartCookie) cookie = `${cookie.split("; ")[0]}; ${cartCookie}`;
  }, 60_000);

  it("refuses an 11 MB file with the spec's message, keeping the other files' checks", async () => {
    const big = Buffer.concat([PDF_HEAD, Buffer.alloc(11 * MB - PDF_HEAD.length, 0x20)]);
    const { body, contentType } = multipart([...fieldParts(), { name: "documents", fileName: "big.pdf", data: big }]);
    const before = await countOrders();
    const answer = await postCheckout(body, contentType);
    expect(answer.status).toBe(400);
    expect(answer.html).toContain("File Too Large: big.pdf exceeds the 10MB limit.");
    expect(await countOrders()).toBe(before);
  }, 60_000);

  it("refuses the eleventh file with a message naming it", async () => {
    const files: Part[] = Array.from({ length: 11 }, (_, i) => ({
      name: "documents",
      fileName: `page-${i + 1}.pdf`,
      data: Buffer.concat([PDF_HEAD, Buffer.from(`page ${i + 1}\n`)]),
    }));
    const { body, contentType } = multipart([...fieldParts(), ...files]);
    const before = await countOrders();
    const answer = await postCheckout(body, contentType);
    expect(answer.status).toBe(400);
    expect(answer.html).toContain(
      "Too Many Files: at most 10 files can be attached; page-11.pdf and any after it were not added.",
    );
    expect(await countOrders()).toBe(before);
  }, 60_000);

  it("refuses a body declared larger than the bound without reading it", async () => {
    const { body, contentType } = multipart(fieldParts());
    const response = await new Promise<{ status: number; html: string }>((resolve, reject) => {
      const url = new URL(`${server.url}/checkout`);
      // Claims 200 MB, sends a few hundred bytes: the answer must come without waiting for the rest.
      const request = http.request({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: {
          Origin: server.url,
          Cookie: cookie,
          "Content-Type": contentType,
          "Content-Length": String(200 * MB),
        },
      });
      request.on("response", (res) => {
        let html = "";
        res.setEncoding("utf8");
        res.on("data", (text: string) => (html += text));
        res.on("end", () => {
          request.destroy();
          resolve({ status: res.statusCode ?? 0, html: decoded(html) });
        });
      });
      request.on("error", reject);
      request.write(body);
    });
    expect(response.status).toBe(400);
    expect(response.html).toContain("Upload Too Large: the files together exceed the 50MB limit.");
  }, 60_000);

  it("cuts off an endless body past the bound, answering the spec's message, with memory bounded over a 200 MB attempt", async () => {
    const result = await streamUpload(200 * MB);
    expect(result.status, result.html.slice(0, 300)).toBe(400);
    expect(result.html).toContain("Upload Too Large: the files together exceed the 50MB limit.");
    // Refused early: well before the 200 MB were sent (the bound is 50 MB; socket buffers add a little).
    expect(result.sent).toBeLessThan(120 * MB);
    const grewMb = (result.peak - result.baseline) / MB;
    console.info(
      `[uploads] 200 MB attempt: server answered ${result.status} after ${(result.sent / MB).toFixed(
        0,
      )} MB sent in ${result.ms} ms; RSS ${(result.baseline / MB).toFixed(0)} MB → peak ${(result.peak / MB).toFixed(
        0,
      )} MB (+${grewMb.toFixed(0)} MB)`,
    );
    expect(grewMb, "server RSS growth during the upload (MB)").toBeLessThan(100);
    // The server is still serving.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  }, 120_000);
});
