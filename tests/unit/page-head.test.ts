import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "../../app/env.server";
import { pageHead } from "../../app/seo/page-head.server";
import { metaFromLoader } from "../../app/seo/meta";

// A page's head is computed by its loader on the server (app/seo/page-head.server.ts) and shown
// as is by the browser (metaFromLoader), so the browser bundle carries none of that code.
const SITE = "https://sanad.example";
const page = { title: "Travel Ban Check", description: "Find out whether a travel ban stands in your way." };
type Tag = Record<string, unknown>;
const tags = (head: ReturnType<typeof pageHead>) => head as Tag[];
const content = (head: ReturnType<typeof pageHead>, key: string) =>
  tags(head).flatMap((tag) => (tag.property === key || tag.name === key ? [tag.content] : []));
const links = (head: ReturnType<typeof pageHead>, rel: string) =>
  tags(head).filter((tag) => tag.tagName === "link" && tag.rel === rel);

describe("page head", () => {
  const saved = process.env.SITE_URL;
  beforeAll(() => {
    process.env.SITE_URL = SITE;
    resetEnvForTests();
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.SITE_URL;
    else process.env.SITE_URL = saved;
    resetEnvForTests();
  });

  it("names the page, its canonical address, both languages, its section's sharing card and its breadcrumb", () => {
    // An Arabic page: the brand in its Arabic form (SITE_NAME_AR).
    const head = pageHead(new Request(`${SITE}/ar/ban-checks/travel-ban-check?from=ad`), page);
    expect(head[0]).toEqual({ title: "Travel Ban Check | سند القانونية" });
    expect(links(head, "canonical")).toEqual([
      { tagName: "link", rel: "canonical", href: `${SITE}/ar/ban-checks/travel-ban-check` },
    ]);
    expect(links(head, "alternate").map((tag) => [tag.hrefLang, tag.href])).toEqual([
      ["en", `${SITE}/ban-checks/travel-ban-check`],
      ["ar", `${SITE}/ar/ban-checks/travel-ban-check`],
      ["x-default", `${SITE}/ban-checks/travel-ban-check`],
    ]);
    expect(content(head, "og:image")).toEqual([`${SITE}/social/ban-checks-ar.png`]);
    expect(content(head, "og:locale")).toEqual(["ar_AE"]);
    expect(content(head, "twitter:title")).toEqual(["Travel Ban Check | سند القانونية"]);
    const breadcrumb = tags(head).find((tag) => "script:ld+json" in tag)?.["script:ld+json"] as {
      itemListElement: Array<{ item: string }>;
    };
    expect(breadcrumb.itemListElement.map((crumb) => crumb.item)).toEqual([
      `${SITE}/ar`,
      `${SITE}/ar/ban-checks/travel-ban-check`,
    ]);
  });

  it("names one canonical page for an address variant, and keeps private pages out of search engines", () => {
    expect(links(pageHead(new Request(`${SITE}//about/`), page), "canonical")[0]?.href).toBe(`${SITE}/about`);
    const hidden = pageHead(new Request(`${SITE}/dashboard`), { ...page, noindex: true });
    expect(content(hidden, "robots")).toEqual(["noindex, nofollow"]);
    expect(links(hidden, "alternate")).toEqual([]);
    expect(hidden.some((tag) => "script:ld+json" in tag)).toBe(false);
    expect(content(hidden, "og:image")).toEqual([`${SITE}/social/default-en.png`]);
  });

  it("is shown by the browser as the loader computed it; without data the site's name; a loader that forgot pageHead fails loudly", () => {
    const head = pageHead(new Request(`${SITE}/about`), page);
    const root = { id: "root", data: { site: { name: "Sanad Legal" } } };
    expect(metaFromLoader({ data: { meta: head }, matches: [root] })).toBe(head);
    expect(metaFromLoader({ data: undefined, matches: [root] })).toEqual([{ title: "Sanad Legal" }]);
    expect(() => metaFromLoader({ data: { meta: page }, matches: [root] })).toThrow(/pageHead/);
  });
});
