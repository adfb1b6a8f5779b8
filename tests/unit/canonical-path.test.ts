import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { canonicalPath, routePatterns } from "../../app/http/canonical-path.server";

// The shape of the Remix build's route list, as app/routes produces it.
const route = (id: string, path: string | undefined, parentId: string | undefined, index?: boolean) =>
  [id, { id, path, parentId, index, module: {} }] as const;
const routes = Object.fromEntries([
  route("root", "", undefined),
  route("routes/($lang)", ":lang?", "root"),
  route("routes/($lang)._index", undefined, "routes/($lang)", true),
  route("routes/($lang).about", "about", "routes/($lang)"),
  route("routes/($lang).ban-checks.travel-ban-check", "ban-checks/travel-ban-check", "routes/($lang)"),
  route("routes/($lang).dashboard.orders.$id", "dashboard/orders/:id", "routes/($lang)"),
  route("routes/($lang).admin.orders[.csv]", "admin/orders.csv", "routes/($lang)"),
  route("routes/documents.$id", "documents/:id", "root"),
  route("routes/sitemap[.]xml", "sitemap.xml", "root"),
  route("routes/($lang).$", "*", "routes/($lang)"),
]) as unknown as ServerBuild["routes"];
const patterns = routePatterns(routes);
const canonical = (path: string) => canonicalPath(path, patterns);

describe("canonical paths", () => {
  it("leaves canonical paths as they are", () => {
    for (const path of [
      "/",
      "/ar",
      "/about",
      "/ar/about",
      "/ban-checks/travel-ban-check",
      "/sitemap.xml",
      "/admin/orders.csv",
    ])
      expect(canonical(path)).toBe(path);
  });

  it("lower-cases the route's own segments and the language prefix", () => {
    expect(canonical("/About")).toBe("/about");
    expect(canonical("/ABOUT")).toBe("/about");
    expect(canonical("/AR/About")).toBe("/ar/about");
    expect(canonical("/Ar")).toBe("/ar");
    expect(canonical("/Ban-Checks/Travel-Ban-Check")).toBe("/ban-checks/travel-ban-check");
    expect(canonical("/Sitemap.XML")).toBe("/sitemap.xml");
  });

  it("drops trailing and repeated slashes", () => {
    expect(canonical("/about/")).toBe("/about");
    expect(canonical("/about//")).toBe("/about");
    expect(canonical("//about")).toBe("/about");
    expect(canonical("/ar/")).toBe("/ar");
    expect(canonical("//")).toBe("/");
  });

  it("keeps parameters exactly as sent", () => {
    expect(canonical("/Dashboard/Orders/AbC-123/")).toBe("/dashboard/orders/AbC-123");
    expect(canonical("/documents/Q%2Fx")).toBe("/documents/Q%2Fx");
  });

  it("matches percent-encoded spellings of fixed segments", () => {
    expect(canonical("/%41bout")).toBe("/about");
  });

  it("has no answer for paths no route matches (the 404 page is not a canonical target)", () => {
    expect(canonical("/no-such-page")).toBeNull();
    expect(canonical("/fr/about")).toBeNull();
    expect(canonical("/about/more")).toBeNull();
    expect(canonical("/%E0%A4%A")).toBeNull();
  });
});
