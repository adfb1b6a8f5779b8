import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// patches/@remix-run+server-runtime, @remix-run+react, react-router-dom: what a server render used
// to build again for every request from a build that never changes (the route modules object, the
// server routes, their data routes) is built once and given back (decision 104).

const require = createRequire(import.meta.url);
const { createEntryRouteModules } = require("@remix-run/server-runtime/dist/entry.js") as {
  createEntryRouteModules: (manifest: object) => Record<string, unknown>;
};
const { createStaticRouter } = require("react-router-dom/server.js") as {
  createStaticRouter: (
    routes: object[],
    context: object,
  ) => { routes: { id: string; children?: unknown[] }[]; state: { matches: { route: { id: string } }[] } };
};

const build = (tag: string) => ({
  root: { id: "root", path: "", module: { default: () => null, tag } },
  "routes/a": { id: "routes/a", parentId: "root", path: "a", module: { default: () => null, tag } },
});

describe("the patched Remix render path", () => {
  it("gives one build's route modules as the same object every time, and another build its own", () => {
    const first = build("one");
    const modules = createEntryRouteModules(first);
    expect(createEntryRouteModules(first)).toBe(modules);
    expect(modules).toEqual({ root: first.root.module, "routes/a": first["routes/a"].module });
    const second = build("two");
    expect(createEntryRouteModules(second)).not.toBe(modules);
    expect(createEntryRouteModules(second)["routes/a"]).toBe(second["routes/a"].module);
  });

  it("converts a kept route list once, and still gives each render its own matches", () => {
    const routes = [
      {
        id: "root",
        path: "/",
        children: [
          { id: "a", path: "a" },
          { id: "b", path: "b" },
        ],
      },
    ];
    const context = (leaf: string) => ({
      location: { pathname: `/${leaf}` },
      matches: [{ route: { id: "root" } }, { route: { id: leaf } }],
      loaderData: {},
      actionData: null,
      errors: null,
      basename: "/",
    });
    const a = createStaticRouter(routes, context("a"));
    const b = createStaticRouter(routes, context("b"));
    expect(b.routes).toBe(a.routes);
    expect(a.state.matches.map((match) => match.route.id)).toEqual(["root", "a"]);
    expect(b.state.matches.map((match) => match.route.id)).toEqual(["root", "b"]);
    // The converted route objects are the data routes, not the list given.
    expect(a.state.matches[1]!.route).toBe(a.routes[0]!.children![0]);
    const other = [{ id: "root", path: "/", children: [{ id: "a", path: "a" }] }];
    expect(createStaticRouter(other, context("a")).routes).not.toBe(a.routes);
  });

  it("keeps the server routes of a render with its route modules", () => {
    const source = require("node:fs").readFileSync(
      require.resolve("@remix-run/react/dist/server.js"),
      "utf8",
    ) as string;
    expect(source).toContain("serverRoutesOf.get(routeModules)");
  });
});
