import net from "node:net";
import zlib from "node:zlib";

export type RawResponse = { status: number; headers: Map<string, string[]>; body: Buffer; text: string };

/**
 * One HTTP/1.0 request written byte for byte as given (path not normalised, headers in order and
 * spelling), read until the server closes: how a text browser such as lynx talks, and the only way
 * to send a path with dot segments (fetch resolves them first).
 */
export function rawRequest(port: number, head: string[], body: Buffer | string = ""): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf("\r\n\r\n");
      if (split < 0) return reject(new Error(`no HTTP answer: ${all.toString("latin1").slice(0, 200)}`));
      const [statusLine, ...lines] = all.subarray(0, split).toString("latin1").split("\r\n");
      const headers = new Map<string, string[]>();
      for (const line of lines) {
        const at = line.indexOf(":");
        const name = line.slice(0, at).trim().toLowerCase();
        headers.set(name, [...(headers.get(name) ?? []), line.slice(at + 1).trim()]);
      }
      let content = all.subarray(split + 4);
      if (headers.get("content-encoding")?.[0] === "gzip") content = zlib.gunzipSync(content);
      resolve({ status: Number(statusLine!.split(" ")[1]), headers, body: content, text: content.toString("utf8") });
    });
    socket.write(`${head.join("\r\n")}\r\n\r\n`);
    if (body.length) socket.write(body);
  });
}

/** Lynx 2.9's request headers, in its order (captured from `lynx` on Debian 12). */
export const LYNX_HEADERS = [
  "Accept: text/html, text/plain, text/sgml, text/css, */*;q=0.01",
  "Accept-Encoding: gzip, compress, bzip2",
  "Accept-Language: en",
];
export const LYNX_USER_AGENT = "User-Agent: Lynx/2.9.0dev.12 libwww-FM/2.14 SSL-MM/1.4.1 GNUTLS/3.7.8";

/**
 * A visitor using lynx: keeps cookies, sends no Origin and no Referer (lynx's default from a page
 * whose address has a query string), speaks HTTP/1.0.
 */
export class LynxVisitor {
  private cookies = new Map<string, string>();
  constructor(private readonly port: number) {}

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private remember(response: RawResponse) {
    for (const header of response.headers.get("set-cookie") ?? []) {
      const [pair] = header.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(header) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async get(path: string) {
    const cookie = this.cookies.size ? [`Cookie: ${this.cookieHeader()}`] : [];
    return this.remember(
      await rawRequest(this.port, [
        `GET ${path} HTTP/1.0`,
        `Host: 127.0.0.1:${this.port}`,
        ...LYNX_HEADERS,
        LYNX_USER_AGENT,
        ...cookie,
      ]),
    );
  }

  async post(path: string, fields: Record<string, string>) {
    const body = new URLSearchParams(fields).toString();
    const cookie = this.cookies.size ? [`Cookie: ${this.cookieHeader()}`] : [];
    return this.remember(
      await rawRequest(
        this.port,
        [
          `POST ${path} HTTP/1.0`,
          `Host: 127.0.0.1:${this.port}`,
          ...LYNX_HEADERS,
          "Pragma: no-cache",
          "Cache-Control: no-cache",
          LYNX_USER_AGENT,
          ...cookie,
          "Content-Type: application/x-www-form-urlencoded",
          `Content-Length: ${Buffer.byteLength(body)}`,
        ],
        body,
      ),
    );
  }
}

/** The hidden fields of the first POST form in `html` whose action matches `action`. */
export function formFields(html: string, action: RegExp): Record<string, string> | undefined {
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const attributes = match[1]!;
    if (!/method="post"/i.test(attributes)) continue;
    const target = /action="([^"]*)"/.exec(attributes)?.[1] ?? "";
    if (!action.test(decodeEntities(target))) continue;
    const fields: Record<string, string> = {};
    for (const input of match[2]!.matchAll(/<input\b[^>]*type="hidden"[^>]*>/g)) {
      const name = /name="([^"]*)"/.exec(input[0])?.[1];
      const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? "";
      if (name) fields[name] = decodeEntities(value);
    }
    return fields;
  }
  return undefined;
}

export const decodeEntities = (text: string) =>
  text
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
