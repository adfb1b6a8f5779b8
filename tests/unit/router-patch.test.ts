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
      { id: "admin", path: "admin", children: [{ id: "admin-index", index: true }, { id: "admin-order", path: "orders/:id" }] },
      { id: "files", path: "files/*" },
      { id: "exact", path: "About", caseSensitive: true },
    ],
  },
];

const ids = (list: AgnosticRouteObject[], path: string) => matchRoutes(list, path)?.map((match) => match.route.id) ?? null;

describe("the patched route matcher", () => {
  it("is the patched one npm install leaves in place", () => {
    const source = fs.readFileSync(require.resolve("@remix-run/router"), "utf8");
    expect(source).toContain("compiledPaths");
    expect(source).toContain("rankedBranchesOf");
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
});
