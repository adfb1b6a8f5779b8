import { describe, expect, it } from "vitest";
import { publicPaths, publicRoutes } from "../../app/content/public-routes";
import { LANGS } from "../../app/i18n/lang";
import type { SiteConfig } from "../../app/root-data";
import { pageUpdated } from "../../app/seo/page-dates.server";
import { buildRobots, buildSitemap } from "../../app/seo/sitemap.server";

// What crawlers are told to read and to leave alone: the public pages, their sitemap and robots.txt.

const site: SiteConfig = {
  name: "Test Legal",
  url: "https://legal.example",
  phone: "+971 4 555 0100",
  email: "hello@legal.example",
  hours: "Sun-Thu 9-18",
};

describe("public routes, sitemap and robots", () => {
  it("public paths are unique site paths", () => {
    expect(new Set(publicPaths).size).toBe(publicPaths.length);
    for (const route of publicRoutes) {
      expect(route.path).toMatch(/^\/[a-z0-9\-/]*$/);
      expect(route.path === "/" || !route.path.endsWith("/")).toBe(true);
      expect(route.priority).toBeGreaterThan(0);
      expect(route.priority).toBeLessThanOrEqual(1);
    }
  });

  it("sitemap.xml lists every public page in English and Arabic with hreflang alternates", () => {
    const xml = buildSitemap(site.url);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const expected = publicPaths.flatMap((path) => [site.url + path, site.url + (path === "/" ? "/ar" : `/ar${path}`)]);
    expect(locs).toEqual(expected);
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="ar" href="https://legal.example/ar/ban-checks/travel-ban-check"/>',
    );
    expect(xml.match(/<url>/g)).toHaveLength(publicPaths.length * 2);
  });

  it("every public page has the date its text last changed, in each language, and the sitemap gives it as lastmod", () => {
    const dates = publicPaths.flatMap((path) =>
      LANGS.map((lang) => [path, lang, pageUpdated(path, lang, site)] as const),
    );
    for (const [path, lang, date] of dates) {
      expect(date, `${lang} ${path}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(date!)), `${lang} ${path}`).toBe(false);
      expect(Date.parse(date!), `${lang} ${path} is not dated in the future`).toBeLessThanOrEqual(Date.now());
    }
    const xml = buildSitemap(site.url, (path, lang) => pageUpdated(path, lang, site));
    const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>.*?<lastmod>([^<]+)<\/lastmod>.*?<\/url>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(entries).toHaveLength(publicPaths.length * 2);
    expect(entries).toContainEqual([`${site.url}/ar/request-check`, pageUpdated("/request-check", "ar", site)]);
  });

  it("robots.txt keeps crawlers out of accounts, admin and checkout and names the sitemap", () => {
    const robots = buildRobots(site.url);
    for (const path of ["/dashboard", "/admin", "/checkout", "/ar/dashboard", "/ar/admin", "/ar/checkout"])
      expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).toContain("Sitemap: https://legal.example/sitemap.xml");
    expect(robots).not.toMatch(/Disallow: \/\n/);
  });
});
