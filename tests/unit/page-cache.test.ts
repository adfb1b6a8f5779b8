import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { createPageCache, type VisitorRequest } from "../../app/http/page-cache.server";

// The page cache's own rules with a stand-in for Remix's handler (what it is given to render):
// one render for visitors arriving together, bounded memory, expiry, failures, what it never keeps.
// The production build is covered end to end in tests/integration/page-cache.test.ts.

const context = (n: number): AppLoadContext => ({ cspNonce: `nonce${n}`, requestId: `request${n}`, clientAddress: "127.0.0.1" });
/** The cache's view of a visitor's request. */
const request = (pathname: string, headers: Record<string, string> = {}, method = "GET"): VisitorRequest => ({ method, url: new URL(`http://localhost:3000${pathname}`), headers: new Headers(headers) });

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

const html = (body: string, init: ResponseInit = {}) => new Response(body, { ...init, headers: { "Content-Type": "text/html; charset=utf-8", ...(init.headers as Record<string, string>) } });

describe("the page cache", () => {
  it("renders once for visitors arriving together and fills in each one's values", async () => {
    const stand = counter(async (_request, ctx) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return html(page(ctx, "Travel ban check"));
    });
    const cache = createPageCache({ render: stand.render });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => cache.respond(request("/"), context(n))));
    expect(stand.calls).toEqual(["/"]);
    for (const [n, answer] of answers.entries()) {
      const text = answer!.body!.toString("utf8");
      expect(text).toContain(`nonce="nonce${n}"`);
      expect(text).toContain(`"requestId":"request${n}"`);
      expect(text).not.toMatch(/pc(nonce|request|form|csrf)/);
    }
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
    const stand = counter((request, ctx) => html(page(ctx, "y".repeat(600)), { status: new URL(request.url).pathname === "/" ? 200 : 404 }));
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
});
