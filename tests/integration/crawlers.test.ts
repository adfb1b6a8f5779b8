import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPaths } from "../../app/content/public-routes";
import { localizePath } from "../../app/i18n/lang";
import { testDbKind } from "../support/test-db";
import { startServer, type RunningServer } from "../support/server-process";

// What a crawler, a link preview and a structured-data tester see: every public page in both
// languages fetched over HTTP from the production build. These pages read no database, so the
// file runs once, on the embedded one.
const pages = publicPaths.flatMap((path) => [localizePath("en", path), localizePath("ar", path)]);

type Node = Record<string, unknown>;

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&quot;": '"',
  "&#x27;": "'",
  "&#39;": "'",
  "&lt;": "<",
  "&gt;": ">",
};
const decode = (text: string | undefined) =>
  text?.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (entity) => ENTITIES[entity]!);
const attribute = (tag: string, name: string) => decode(new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]);
const tags = (html: string, pattern: RegExp) => html.match(pattern) ?? [];
const metaContent = (head: string, key: string) =>
  tags(head, new RegExp(`<meta (?:property|name)="${key}"[^>]*>`, "g")).map((tag) => attribute(tag, "content"));

/** Every object with an @id in a JSON-LD value, nested ones included. */
function nodesWithId(value: unknown, found: Node[] = []): Node[] {
  if (Array.isArray(value)) for (const item of value) nodesWithId(item, found);
  else if (value && typeof value === "object") {
    if (typeof (value as Node)["@id"] === "string") found.push(value as Node);
    for (const child of Object.values(value)) nodesWithId(child, found);
  }
  return found;
}

describe.runIf(testDbKind() === "pglite")("what crawlers see", () => {
  let server: RunningServer;
  const documents = new Map<string, string>();

  beforeAll(async () => {
    server = await startServer({ LOG_REQUESTS: "false" });
    // A few at a time: the server and this file share two cores with the other test files.
    for (let i = 0; i < pages.length; i += 4) {
      await Promise.all(
        pages.slice(i, i + 4).map(async (path) => {
          const response = await fetch(server.url + path, { redirect: "manual" });
          expect(response.status, path).toBe(200);
          documents.set(path, await response.text());
        }),
      );
    }
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("every public page has one canonical link, equal to its own address", () => {
    for (const path of pages) {
      const canonicals = tags(documents.get(path)!, /<link rel="canonical"[^>]*>/g);
      expect(canonicals, path).toHaveLength(1);
      expect(attribute(canonicals[0]!, "href"), path).toBe(server.url + path);
    }
  });

  it("hreflang pairs: each page names its English and Arabic twins and x-default, and each twin names it back", () => {
    const alternates = (path: string) =>
      Object.fromEntries(
        tags(documents.get(path)!, /<link rel="alternate" hrefLang="[^"]+"[^>]*>/g).map((tag) => [
          attribute(tag, "hrefLang"),
          attribute(tag, "href"),
        ]),
      );
    for (const path of publicPaths) {
      const en = alternates(localizePath("en", path));
      const ar = alternates(localizePath("ar", path));
      const expected = {
        en: server.url + localizePath("en", path),
        ar: server.url + localizePath("ar", path),
        "x-default": server.url + localizePath("en", path),
      };
      expect(en, path).toEqual(expected);
      expect(ar, path).toEqual(expected);
    }
  });

  it("sharing cards: og and twitter title, description and a reachable 1200 × 630 PNG image with alt text", async () => {
    const images = new Set<string>();
    for (const path of pages) {
      // Stray U+0000 bytes (React splitting a character across chunks) are the server hardening's
      // concern and tested there; here the texts are compared without them.
      const html = documents.get(path)!.replaceAll("\u0000", "");
      const head = html.slice(0, html.indexOf("</head>"));
      const title = decode(/<title>([^<]*)<\/title>/.exec(head)?.[1]);
      for (const key of ["og:title", "twitter:title"])
        expect(metaContent(head, key), `${key} ${path}`).toEqual([title]);
      const description = metaContent(head, "description");
      for (const key of ["og:description", "twitter:description"])
        expect(metaContent(head, key), `${key} ${path}`).toEqual(description);
      expect(metaContent(head, "twitter:card"), path).toEqual(["summary_large_image"]);
      const [image] = metaContent(head, "og:image");
      expect(image, path).toMatch(
        new RegExp(`^${server.url}/social/[a-z-]+-${path === "/ar" || path.startsWith("/ar/") ? "ar" : "en"}\\.png$`),
      );
      expect(metaContent(head, "twitter:image"), path).toEqual([image]);
      expect(metaContent(head, "og:image:width"), path).toEqual(["1200"]);
      expect(metaContent(head, "og:image:height"), path).toEqual(["630"]);
      for (const key of ["og:image:alt", "twitter:image:alt"])
        expect(metaContent(head, key)[0]?.length ?? 0, `${key} ${path}`).toBeGreaterThan(20);
      images.add(image!);
    }
    expect(images.size).toBeGreaterThanOrEqual(8);
    for (const image of images) {
      const response = await fetch(image);
      expect(response.status, image).toBe(200);
      expect(response.headers.get("content-type"), image).toBe("image/png");
      const bytes = Buffer.from(await response.arrayBuffer());
      // PNG signature, then the IHDR chunk: width and height as 32-bit big-endian integers.
      expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), image).toBe(
        true,
      );
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], image).toEqual([1200, 630]);
    }
  });

  it("structured data is valid JSON-LD, and an @id always names the same thing (one organisation per language)", () => {
    const seen = new Map<string, { type: unknown; url: unknown; page: string }>();
    for (const path of pages) {
      const blocks = [
        ...documents.get(path)!.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g),
      ].map((m) => m[1]!);
      const ids = new Set<string>();
      for (const block of blocks) {
        const data = JSON.parse(block) as Node;
        expect(data["@context"], path).toBe("https://schema.org");
        expect(typeof data["@type"], path).toBe("string");
        if (typeof data["@id"] === "string") {
          expect(ids.has(data["@id"]), `${data["@id"]} described twice on ${path}`).toBe(false);
          ids.add(data["@id"]);
        }
        for (const node of nodesWithId(data)) {
          const id = node["@id"] as string;
          expect(id, path).toMatch(new RegExp(`^${server.url}/`));
          const before = seen.get(id);
          if (before)
            expect({ type: node["@type"], url: node.url }, `${id} on ${path} and ${before.page}`).toEqual({
              type: before.type,
              url: before.url,
            });
          else seen.set(id, { type: node["@type"], url: node.url, page: path });
        }
      }
    }
    expect(seen.get(`${server.url}/#organization`)?.url).toBe(`${server.url}/`);
    expect(seen.get(`${server.url}/ar#organization`)?.url).toBe(`${server.url}/ar`);
  });

  it("service and legal pages carry a BreadcrumbList from the home page to themselves", () => {
    for (const path of [
      "/ban-checks/travel-ban-check",
      "/ar/for-business/background-checks-gcc",
      "/services/legal-consultation",
      "/ar/privacy-policy",
      "/terms-of-service",
    ]) {
      const html = documents.get(path)!;
      const trail = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
        .map((m) => JSON.parse(m[1]!) as Node)
        .find((data) => data["@type"] === "BreadcrumbList");
      const items = trail?.itemListElement as Array<{ position: number; name: string; item: string }> | undefined;
      expect(
        items?.map((item) => [item.position, item.item]),
        path,
      ).toEqual([
        [1, server.url + localizePath(path.startsWith("/ar") ? "ar" : "en", "/")],
        [2, server.url + path],
      ]);
      expect(
        items?.every((item) => item.name.trim().length > 0),
        path,
      ).toBe(true);
    }
  });

  it("the document ends with </html>: Remix's streamed page data is inside <body>", () => {
    for (const path of pages) {
      const html = documents.get(path)!;
      expect(html.trimEnd().endsWith("</body></html>"), path).toBe(true);
      expect(html.indexOf("</html>"), path).toBe(html.lastIndexOf("</html>"));
      expect(html.indexOf("streamController"), path).toBeLessThan(html.indexOf("</body>"));
    }
  });

  it("case and trailing-slash variants answer 301 to the canonical path, query kept", async () => {
    const cases: Array<[string, string]> = [
      ["/About", "/about"],
      ["/about/", "/about"],
      ["/ABOUT/?ref=mail&x=%20", "/about?ref=mail&x=%20"],
      ["/AR/Ban-Checks/Travel-Ban-Check/", "/ar/ban-checks/travel-ban-check"],
      ["/ar/", "/ar"],
    ];
    for (const [variant, target] of cases) {
      for (const method of ["GET", "HEAD"]) {
        const response = await fetch(server.url + variant, { method, redirect: "manual" });
        expect(response.status, `${method} ${variant}`).toBe(301);
        expect(new URL(response.headers.get("location")!, server.url).href, `${method} ${variant}`).toBe(
          server.url + target,
        );
      }
    }
    // Not a page of ours: no redirect, and never to another host.
    for (const path of ["/no-such-page/", "//evil.example/", "/%2F%2Fevil.example/"]) {
      const response = await fetch(server.url + path, { redirect: "manual" });
      expect(response.status, path).toBe(404);
    }
  });

  it("sitemap.xml gives every public page a lastmod and lists /request-check", async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>.*?<lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod>/g)].map(
      (m) => m[1],
    );
    expect(entries.sort()).toEqual(pages.map((path) => server.url + path).sort());
    expect(entries).toContain(`${server.url}/request-check`);
  });
});
