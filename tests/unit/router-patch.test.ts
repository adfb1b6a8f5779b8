import fs from "node:fs";
import { createRequire } from "node:module";
import type { AgnosticRouteObject, matchRoutes as MatchRoutes } from "@remix-run/router";
import { describe, expect, it } from "vitest";

// patches/@remix-run+router: route patterns compiled once and a route list's ranked branches kept
// with it (decision 104). `npm install` applies the patch (postinstall); matching must not change.

const require = createRequire(import.meta.url);
// The CommonJS build the server loads (and the patch changes), not the ES module a bundler would pick.
const { matchRoutes } = require("@remix-run/router") as { matchRoutes: typeof MatchRoutes };

const routes = (): AgnosticRouteObject[] => [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "lang-home", path: ":lang?", children: [{ id: "lang-index", index: true }] },
      { id: "service", path: ":lang?/services/:slug" },
      { id: "order", path: ":lang?/dashboard/orders/:id" },
      {
        id: "admin",
        path: "admin",
        children: [
          { id: "admin-index", index: true },
          { id: "admin-order", path: "orders/:id" },
        ],
      },
      { id: "files", path: "files/*" },
      { id: "exact", path: "About", caseSensitive: true },
    ],
  },
];

const ids = (list: AgnosticRouteObject[], path: string) =>
  matchRoutes(list, path)?.map((match) => match.route.id) ?? null;

describe("the patched route matcher", () => {
  it("is the patched one npm install leaves in place", () => {
    const source = fs.readFileSync(require.resolve("@remix-run/router"), "utf8");
    expect(source).toContain("compiledPaths");
    expect(source).toContain("rankedBranchesOf");
    expect(source).toContain("matchesByShape");
  });

  it("matches as before, however often and with however many route lists", () => {
    const first = routes();
    const expected: Record<string, string[] | null> = {
      "/": ["root", "home"],
      "/ar": ["root", "lang-home", "lang-index"],
      "/services/travel-ban": ["root", "service"],
      "/ar/services/travel-ban": ["root", "service"],
      "/ar/dashboard/orders/123": ["root", "order"],
      "/admin": ["root", "admin", "admin-index"],
      "/admin/orders/9": ["root", "admin", "admin-order"],
      "/files/a/b/c.pdf": ["root", "files"],
      "/About": ["root", "exact"],
      "/About/": ["root", "exact"],
      // An optional language segment takes any one segment, as it always did.
      "/about": ["root", "lang-home", "lang-index"],
      "/ar/services": null,
    };
    for (let round = 0; round < 3; round++) {
      for (const [path, want] of Object.entries(expected)) expect(ids(first, path), path).toEqual(want);
    }
    // Another list (a new build, a server render's own routes) is ranked on its own.
    const other: AgnosticRouteObject[] = [{ id: "only", path: "admin/*" }];
    expect(ids(other, "/admin")).toEqual(["only"]);
    expect(ids(first, "/admin")).toEqual(["root", "admin", "admin-index"]);
    const params = matchRoutes(first, "/ar/dashboard/orders/42")!.at(-1)!.params;
    expect(params).toEqual({ lang: "ar", id: "42" });
    expect(matchRoutes(first, "/dashboard/orders/7")!.at(-1)!.params).toEqual({ id: "7" });
  });

  it("gives a route tree built again (a server render's own) matches with its own route objects, and never another shape's", () => {
    const first = routes();
    const again = routes();
    const a = matchRoutes(first, "/ar/dashboard/orders/42")!;
    const b = matchRoutes(again, "/ar/dashboard/orders/42")!;
    expect(b.map((m) => m.route)).toEqual(a.map((m) => m.route));
    // The same shape, not the same objects: each list's own.
    expect(b.every((m, i) => m.route !== a[i]!.route)).toBe(true);
    expect(b.at(-1)!.route).toBe(again[0]!.children![3]);
    // One params object per answer (shared by its matches, as before), never shared between answers.
    (b.at(-1)!.params as Record<string, string>).id = "changed";
    expect(matchRoutes(again, "/ar/dashboard/orders/42")!.at(-1)!.params).toEqual({ lang: "ar", id: "42" });
    expect(b[0]!.params).toBe(b.at(-1)!.params);
    expect(matchRoutes(again, "/ar/dashboard/orders/43")!.at(-1)!.params).toEqual({ lang: "ar", id: "43" });
    expect(matchRoutes(again, "/nowhere/at/all/here")).toBeNull();
    expect(matchRoutes(again, "/nowhere/at/all/here")).toBeNull();

    // Another shape (the order page moved) answers for itself.
    const moved = routes();
    moved[0]!.children![3] = { id: "order", path: ":lang?/account/orders/:id" };
    expect(matchRoutes(moved, "/ar/dashboard/orders/42")).toBeNull();
    expect(matchRoutes(moved, "/ar/account/orders/42")!.at(-1)!.route).toBe(moved[0]!.children![3]);
  });
});
