import fs from "node:fs";
import path from "node:path";

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; hasAction: boolean };

export type PostRoute = {
  /** The route module, e.g. "routes/($lang).checkout". */
  id: string;
  /** A URL path that reaches it (English; parameters filled in, index routes with ?index). */
  path: string;
  /** The same route under /ar, when its path takes the optional language. */
  arabicPath: string | undefined;
};

/**
 * Every route with an action, read from the production build's route manifest (made by
 * `npm run build`), so a route added later is covered without editing a list. `params` fills in
 * path parameters by name; anything else gets a placeholder.
 */
export function postRoutes(params: Record<string, string> = {}): PostRoute[] {
  const dir = path.resolve("public/build");
  const file = fs.readdirSync(dir).find((name) => /^manifest-[A-Z0-9]+\.js$/.test(name));
  if (!file) throw new Error("public/build has no route manifest: run `npm run build` first");
  const source = fs.readFileSync(path.join(dir, file), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as {
    routes: Record<string, ManifestRoute>;
  };
  const routes = manifest.routes;
  const segmentsOf = (route: ManifestRoute): string[] => {
    const own = (route.path ?? "").split("/").filter(Boolean);
    return route.parentId && routes[route.parentId] ? [...segmentsOf(routes[route.parentId]!), ...own] : own;
  };
  const fill = (segments: string[], lang: "en" | "ar") =>
    segments
      .map((segment) => {
        if (segment === ":lang?") return lang === "ar" ? "ar" : null;
        if (segment === "*") return "anything";
        if (segment.startsWith(":"))
          return params[segment.slice(1).replace(/\?$/, "")] ?? "00000000-0000-4000-8000-000000000000";
        return segment;
      })
      .filter((segment): segment is string => segment !== null);
  return Object.values(routes)
    .filter((route) => route.hasAction)
    .map((route) => {
      const segments = segmentsOf(route);
      const suffix = route.index ? "?index" : "";
      const english = `/${fill(segments, "en").join("/")}${suffix}`;
      return {
        id: route.id,
        path: english,
        arabicPath: segments.includes(":lang?") ? `/${fill(segments, "ar").join("/")}${suffix}` : undefined,
      };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}
