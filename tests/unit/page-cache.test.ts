import crypto from "node:crypto";
import zlib from "node:zlib";
import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import type { IncomingMessage } from "node:http";
import {
  createPageCache,
  inlineScriptHashes,
  SHARED_PAGE_CACHE_CONTROL,
  type VisitorRequest,
} from "../../app/http/page-cache.server";
import { doorAnswer } from "../../app/http/shared-page-door.server";

// The page cache's own rules with a stand-in for Remix's handler (what it is given to render):
// one render for visitors arriving together, the same bytes for each (decision 091), compressed
// once, bounded memory, expiry, failures, what it never keeps.
// The production build is covered end to end in tests/integration/page-cache.test.ts.

const context = (n: number): AppLoadContext => ({
  cspNonce: `nonce${n}`,
  requestId: `request${n}`,
  clientAddress: "127.0.0.1",
});
/** The cache's view of a visitor's request. */
const request = (pathname: string, headers: Record<string, string> = {}, method = "GET"): VisitorRequest => ({
  method,
  url: new URL(`http://localhost:3000${pathname}`),
  headers: new Headers(headers),
});

/** A page as the shell renders it: the per-response values where the shell puts them. */
function page(context: AppLoadContext, text: string) {
  return `<!DOCTYPE html><html><body><p>${text}</p><script nonce="${context.cspNonce}">window.x={"formToken":"${context.pageTemplate?.formToken}","csrfToken":"${context.pageTemplate?.csrfToken}","requestId":"${context.requestId}"}</script></body></html>`;
}

function counter(respond: (request: Request, context: AppLoadContext) => Response | Promise<Response>) {
  const calls: string[] = [];
  return {
    calls,
    render: async (request: Request, context: AppLoadContext) => {
      calls.push(new URL(request.url).pathname);
      return respond(request, context);
    },
  };
}

const html = (body: string, init: ResponseInit = {}) =>
  new Response(body, {
    ...init,
    headers: { "Content-Type": "text/html; charset=utf-8", ...(init.headers as Record<string, string>) },
  });

describe("the page cache", () => {
  it("renders once for visitors arriving together and gives each the same bytes: no nonce, no token, no request id", async () => {
    const stand = counter(async (_request, ctx) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return html(page(ctx, "Travel ban check"));
    });
    const cache = createPageCache({ render: stand.render });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => cache.respond(request("/"), context(n))));
    expect(stand.calls).toEqual(["/"]);
    const first = answers[0]!.body!;
    for (const answer of answers) {
      expect(answer!.body!.equals(first)).toBe(true);
      const text = answer!.body!.toString("utf8");
      expect(text).not.toMatch(/nonce|request\d|pcnonce/);
      expect(text).toContain(`"csrfToken":""`);
      expect(text).toContain(`"requestId":""`);
      expect(answer!.headers).toContainEqual(["Cache-Control", SHARED_PAGE_CACHE_CONTROL]);
    }
    // The policy's script sources are the hashes of the page's inline script, computed once.
    const script = /<script>([\s\S]*?)<\/script>/.exec(first.toString("utf8"))![1]!;
    expect(answers[0]!.scriptHashes).toEqual([
      `'sha256-${crypto.createHash("sha256").update(script).digest("base64")}'`,
    ]);
  });

  it("with the deployment's shared secret, two processes render the same bytes and tag for a page, a new submission key each window", async () => {
    let clock = 10 * 60_000 + 1000;
    const stand = counter((_request, ctx) => html(page(ctx, "Travel ban check")));
    const instances = [1, 2].map(() =>
      createPageCache({
        render: stand.render,
        buildVersion: "build-1",
        sharedSecret: "s".repeat(32),
        ttlMs: 60_000,
        now: () => clock,
      }),
    );
    const tokenOf = (body: Buffer) => /"formToken":"([^"]+)"/.exec(body.toString("utf8"))![1]!;
    const [first, second] = await Promise.all(instances.map((cache, n) => cache.respond(request("/"), context(n))));
    expect(first!.body!.equals(second!.body!)).toBe(true);
    expect(first!.headers.find(([name]) => name === "ETag")).toEqual(second!.headers.find(([name]) => name === "ETag"));
    expect(tokenOf(first!.body!)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Another page has its own key; the next window (the page expires at its start in both) another.
    expect(tokenOf((await instances[0]!.respond(request("/about"), context(3)))!.body!)).not.toBe(
      tokenOf(first!.body!),
    );
    clock += 58_000;
    expect(tokenOf((await instances[0]!.respond(request("/"), context(4)))!.body!)).toBe(tokenOf(first!.body!));
    clock += 2000;
    const [later, laterToo] = await Promise.all(instances.map((cache, n) => cache.respond(request("/"), context(n))));
    expect(tokenOf(later!.body!)).not.toBe(tokenOf(first!.body!));
    expect(later!.body!.equals(laterToo!.body!)).toBe(true);
    // Without the secret (one process alone), each rendering has a random key.
    const alone = [1, 2].map(() => createPageCache({ render: stand.render }));
    const [a, b] = await Promise.all(alone.map((cache, n) => cache.respond(request("/"), context(n))));
    expect(tokenOf(a!.body!)).not.toBe(tokenOf(b!.body!));
  });

  it("hashes only the inline scripts a browser runs", () => {
    const doc = `<script type="module">import "a";</script><script src="/build/x.js"></script><script type="application/ld+json">{"@type":"Thing"}</script><script>window.a=1</script><script>window.a=1</script>`;
    const sha = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;
    expect(inlineScriptHashes(doc)).toEqual([sha(`import "a";`), sha("window.a=1")]);
  });

  it("sends the page compressed once in brotli or gzip as asked, each with its own strong tag; HEAD and 304 without a body", async () => {
    const stand = counter((_request, ctx) => html(page(ctx, "Arabic ".repeat(200))));
    const cache = createPageCache({ render: stand.render, buildVersion: "build-1" });
    const plain = (await cache.respond(request("/", { "Accept-Encoding": "identity" }), context(1)))!;
    const header = (answer: { headers: Array<[string, string]> }, name: string) =>
      answer.headers.find(([key]) => key === name)?.[1];
    expect(header(plain, "Content-Encoding")).toBeUndefined();
    for (const [accept, coding, decode] of [
      ["gzip, deflate, br", "br", zlib.brotliDecompressSync],
      ["gzip", "gzip", zlib.gunzipSync],
      ["*;q=0", undefined, (bytes: Buffer) => bytes],
      ["nonsense;q=x", undefined, (bytes: Buffer) => bytes],
    ] as const) {
      const answer = (await cache.respond(request("/", { "Accept-Encoding": accept }), context(2)))!;
      expect(header(answer, "Content-Encoding"), accept).toBe(coding);
      expect(decode(answer.body!).equals(plain.body!), accept).toBe(true);
      expect(header(answer, "Content-Length")).toBe(String(answer.body!.length));
      expect(header(answer, "Vary")).toContain("Accept-Encoding");
      expect(header(answer, "ETag")).toMatch(/^"[\w-]+"$/);
    }
    const brotli = (await cache.respond(request("/", { "Accept-Encoding": "br" }), context(3)))!;
    const head = (await cache.respond(request("/", { "Accept-Encoding": "br" }, "HEAD"), context(3)))!;
    expect(head.body).toBeNull();
    expect(header(head, "Content-Length")).toBe(String(brotli.body!.length));
    const again = (await cache.respond(
      request("/", { "Accept-Encoding": "br", "If-None-Match": header(brotli, "ETag")! }),
      context(4),
    ))!;
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    // The brotli copy's tag does not confirm the plain one.
    expect((await cache.respond(request("/", { "If-None-Match": header(brotli, "ETag")! }), context(4)))!.status).toBe(
      200,
    );
    expect(stand.calls).toEqual(["/"]);
    // Another build gives the same bytes another tag: a deploy never confirms an old copy.
    const other = createPageCache({ render: stand.render, buildVersion: "build-2" });
    expect(header((await other.respond(request("/"), context(5)))!, "ETag")).not.toBe(header(plain, "ETag"));
  });

  it("keeps an answer that sets the language cookie the visitor's own", async () => {
    const stand = counter((_request, ctx) => html(page(ctx, "مرحبا")));
    const cache = createPageCache({ render: stand.render });
    const answer = (await cache.respond(request("/ar"), context(1)))!;
    expect(answer.headers.some(([name, value]) => name === "Set-Cookie" && value.startsWith("lang=ar"))).toBe(true);
    expect(answer.headers).toContainEqual(["Cache-Control", "private, no-cache"]);
    const remembered = (await cache.respond(request("/ar", { Cookie: "lang=ar" }), context(2)))!;
    expect(remembered.headers.some(([name]) => name === "Set-Cookie")).toBe(false);
    expect(remembered.headers).toContainEqual(["Cache-Control", SHARED_PAGE_CACHE_CONTROL]);
  });

  it("forgets the least recently used pages beyond its size, and pages after their time", async () => {
    let clock = 0;
    const stand = counter((_request, ctx) => html(page(ctx, "x".repeat(600))));
    const probe = createPageCache({ render: stand.render });
    await probe.respond(request("/a"), context(1));
    const onePage = probe.stats().bytes;
    stand.calls.length = 0;
    // Room for four and a half such pages in the pages' share (seven eighths; the rest is for not-found pages).
    const maxBytes = Math.ceil((onePage * 4.5 * 8) / 7);
    const cache = createPageCache({ render: stand.render, maxBytes, ttlMs: 1000, now: () => clock });
    for (const pathname of ["/a", "/b", "/c", "/d", "/a"]) await cache.respond(request(pathname), context(1));
    expect(stand.calls).toEqual(["/a", "/b", "/c", "/d"]);
    await cache.respond(request("/e"), context(1));
    expect(cache.stats()).toMatchObject({ entries: 4 });
    expect(cache.stats().bytes).toBeLessThanOrEqual(onePage * 4.5);
    // /b was the least recently used: gone; /a was used again: kept.
    await cache.respond(request("/a"), context(1));
    await cache.respond(request("/b"), context(1));
    expect(stand.calls).toEqual(["/a", "/b", "/c", "/d", "/e", "/b"]);
    clock += 1001;
    await cache.respond(request("/b"), context(1));
    expect(stand.calls.at(-1)).toBe("/b");
    expect(stand.calls).toHaveLength(7);
  });

  it("keeps the not-found pages of made-up addresses apart: any number of them never pushes a page out", async () => {
    const stand = counter((request, ctx) =>
      html(page(ctx, "y".repeat(600)), { status: new URL(request.url).pathname === "/" ? 200 : 404 }),
    );
    const cache = createPageCache({ render: stand.render, maxBytes: 16_000 });
    await cache.respond(request("/"), context(1));
    for (let n = 0; n < 100; n++) expect((await cache.respond(request(`/made-up-${n}`), context(1)))!.status).toBe(404);
    expect(cache.stats().bytes).toBeLessThanOrEqual(16_000);
    await cache.respond(request("/"), context(2));
    expect(stand.calls.filter((p) => p === "/")).toHaveLength(1);
  });

  it("keeps no redirect, no private page, no page that sets a cookie, no error; a failed render is no answer", async () => {
    const answers: Record<string, () => Response> = {
      "/moved": () => new Response(null, { status: 302, headers: { Location: "/" } }),
      "/private": () => html("<p>yours</p>", { headers: { "Cache-Control": "private, no-store" } }),
      "/cookie": () => html("<p>cookie</p>", { headers: { "Set-Cookie": "a=b" } }),
      "/broken": () => html("<p>error</p>", { status: 500 }),
      "/file": () => new Response("{}", { headers: { "Content-Type": "application/json" } }),
      "/thrown": () => {
        throw new Error("render failed");
      },
    };
    const stand = counter((request) => answers[new URL(request.url).pathname]!());
    const cache = createPageCache({ render: stand.render });
    for (const pathname of Object.keys(answers)) {
      expect(await cache.respond(request(pathname), context(1)), pathname).toBeNull();
      expect(await cache.respond(request(pathname), context(2)), pathname).toBeNull();
    }
    // Pages that cannot be shared are remembered as such; errors are tried again.
    expect(stand.calls.filter((p) => p === "/private")).toHaveLength(1);
    expect(stand.calls.filter((p) => p === "/broken")).toHaveLength(2);
    expect(stand.calls.filter((p) => p === "/thrown")).toHaveLength(2);
  });

  it("serves nothing for a request that may change the page", async () => {
    const stand = counter((_request, ctx) => html(page(ctx, "page")));
    const cache = createPageCache({ render: stand.render });
    const personal = [
      request("/", { Cookie: "__session=abc" }),
      request("/", { Cookie: "__cart=abc" }),
      request("/", { Cookie: "__toast=abc" }),
      request("/", { Cookie: "__form=abc" }),
      request("/", { Cookie: "unknown=1" }),
      request("/?tab=register"),
      request("/dashboard"),
      request("/ar/admin"),
      request("/", { Authorization: "Basic eDp5" }),
      request("/", {}, "POST"),
    ];
    for (const each of personal) expect(await cache.respond(each, context(1))).toBeNull();
    expect(stand.calls).toEqual([]);
    // The form-token id and the remembered language do not change a page (the language is in the key).
    expect(await cache.respond(request("/", { Cookie: "lang=en; csrf=" + "a".repeat(43) }), context(1))).not.toBeNull();
  });

  it("answers at the door only a held page already sent whole once in the asked encoding, with the headers it went out with", async () => {
    const stand = counter((_request, ctx) => html(page(ctx, "Company formation")));
    const cache = createPageCache({ render: stand.render });
    const raw = (url: string, headers: Record<string, string> = {}, method = "GET") =>
      ({
        method,
        url,
        headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
      }) as unknown as IncomingMessage;
    const atDoor = (url: string, headers: Record<string, string> = {}, method = "GET") =>
      doorAnswer(raw(url, headers, method), (request) => cache.answerAtTheDoor(request));

    // Not held yet: the usual way, which renders and is written by the server.
    expect(atDoor("/", { "Accept-Encoding": "br" })).toBeNull();
    const first = (await cache.respond(request("/", { "Accept-Encoding": "br" }), context(1)))!;
    expect(atDoor("/", { "Accept-Encoding": "br" })).toBeNull();
    // What the server's other steps added on the way out is recorded with the page (a request id is not).
    const sent: Record<string, string> = {
      "x-request-id": "abc",
      "content-security-policy": "script-src 'self' 'sha256-x'",
    };
    for (const [name, value] of first.headers) sent[name.toLowerCase()] = value;
    first.keepSentHeaders!(sent);
    expect(stand.calls).toEqual(["/"]);

    const door = atDoor("/", { "Accept-Encoding": "gzip, br" })!;
    expect(door.status).toBe(200);
    expect(door.body!.equals(first.body!)).toBe(true);
    const names = door.headers.map(([name]) => name);
    expect(names).toContain("content-security-policy");
    expect(names).not.toContain("x-request-id");
    expect(Object.fromEntries(door.headers)).toMatchObject({
      "content-encoding": "br",
      etag: Object.fromEntries(first.headers).ETag,
      "content-length": String(first.body!.length),
    });
    expect(atDoor("/", { "Accept-Encoding": "br" }, "HEAD")!.body).toBeNull();
    const notModified = atDoor("/", {
      "Accept-Encoding": "br",
      "If-None-Match": Object.fromEntries(first.headers).ETag!,
    })!;
    expect([
      notModified.status,
      notModified.body,
      notModified.headers.some(([name]) => name === "content-encoding"),
    ]).toEqual([304, null, false]);

    // Another encoding has not been sent yet; identity never comes from the door (compression may still apply on the way).
    expect(atDoor("/", { "Accept-Encoding": "gzip" })).toBeNull();
    expect(atDoor("/", {})).toBeNull();
    // Whatever may change the page or needs the gate takes the usual way.
    expect(atDoor("/?utm=1", { "Accept-Encoding": "br" })).toBeNull();
    expect(atDoor("/%2e%2e/", { "Accept-Encoding": "br" })).toBeNull();
    expect(atDoor("/", { "Accept-Encoding": "br", Cookie: "__session=abc" })).toBeNull();
    expect(atDoor("/", { "Accept-Encoding": "br", "Content-Length": "5" })).toBeNull();
    expect(atDoor("/", { "Accept-Encoding": "br" }, "POST")).toBeNull();
    expect(stand.calls).toEqual(["/"]);
  });
});
