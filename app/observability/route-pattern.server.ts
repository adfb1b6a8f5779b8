import type { ServerBuild } from "@remix-run/node";

/**
 * The route pattern a path belongs to, as metrics and logs name it: "/:lang?/services/:slug",
 * never the raw path (ids, tokens and made-up addresses would make one series per visitor).
 * Built from the Remix build's route list, ranked as Remix ranks them (more fixed segments win).
 */
type Template = {
  parts: Array<{ fixed: string } | { param: true } | { lang: true } | { splat: true }>;
  name: string;
  fixed: number;
};

const LANG_PREFIXES = new Set(["ar"]);

export function routeTemplates(routes: ServerBuild["routes"]): Template[] {
  const fullPath = (id: string): string[] => {
    const route = routes[id];
    if (!route) return [];
    const own = route.path ? route.path.split("/").filter(Boolean) : [];
    return [...(route.parentId ? fullPath(route.parentId) : []), ...own];
  };
  const templates = new Map<string, Template>();
  for (const id of Object.keys(routes)) {
    // Layout routes without a page of their own still match their index child's path: harmless.
    const full = fullPath(id);
    // Named as the route writes it ("/:lang?/about"), matched by each of its expansions.
    const name = `/${full.join("/")}`;
    let variants: string[][] = [[]];
    for (const part of full) {
      const optional = part.endsWith("?");
      const name = optional ? part.slice(0, -1) : part;
      variants = variants.flatMap((variant) => (optional ? [variant, [...variant, name]] : [[...variant, name]]));
    }
    for (const variant of variants) {
      const parts = variant.map((part) =>
        part === "*"
          ? { splat: true as const }
          : part === ":lang"
            ? { lang: true as const }
            : part.startsWith(":")
              ? { param: true as const }
              : { fixed: part.toLowerCase() },
      );
      templates.set(`${name}|${variant.join("/")}`, {
        parts,
        name,
        fixed: parts.filter((part) => "fixed" in part || "lang" in part).length,
      });
    }
  }
  return [...templates.values()];
}

/** The pattern of `pathname`, "static" for files, or "unmatched". */
export function routePatternOf(pathname: string, templates: Template[]): string {
  if (pathname.startsWith("/build/")) return "/build/*";
  const segments = pathname
    .split("/")
    .filter(Boolean)
    .map((segment) => segment.toLowerCase());
  let best: Template | undefined;
  let bestScore = -1;
  for (const template of templates) {
    const splat = template.parts.some((part) => "splat" in part);
    const fixedParts = splat ? template.parts.slice(0, -1) : template.parts;
    if (splat ? segments.length < fixedParts.length : segments.length !== fixedParts.length) continue;
    const matches = fixedParts.every((part, index) => {
      const given = segments[index]!;
      if ("fixed" in part) return part.fixed === given;
      if ("lang" in part) return LANG_PREFIXES.has(given);
      return true;
    });
    if (!matches) continue;
    // A splat is the last resort; otherwise more fixed segments win.
    const score = (splat ? 0 : 1000) + template.fixed;
    // Equal ranks: the deeper route (a layout such as the root shares its child's path).
    if (score > bestScore || (score === bestScore && best && template.name.length > best.name.length)) {
      best = template;
      bestScore = score;
    }
  }
  return best?.name ?? "unmatched";
}
