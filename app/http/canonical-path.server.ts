import type { ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import { DEFAULT_LANG, LANGS } from "../i18n/lang";

/**
 * One address per page. Remix matches paths case-insensitively and ignores a trailing slash, so
 * /About, /about/ and /ABOUT//  would all answer 200 as copies of /about. Page requests (GET, HEAD)
 * for such a variant are answered with a 301 to the route's own spelling, query kept: static
 * segments as the route writes them, the language prefix in lower case, parameters (order ids,
 * tokens) exactly as sent, no empty segments. Paths no route matches are left alone (Remix answers
 * 404). The patterns come from the Remix build's route list, so a new route is covered unchanged.
 */

type Segment = { kind: "static"; value: string } | { kind: "param" } | { kind: "lang" };
type Pattern = Segment[];

const PREFIX_LANGS = new Set<string>(LANGS.filter((lang) => lang !== DEFAULT_LANG));

/** Every full path pattern of the build, optional segments expanded; splat routes (the 404 page) left out. */
export function routePatterns(routes: ServerBuild["routes"]): Pattern[] {
  const fullPath = (id: string): string[] => {
    const route = routes[id];
    if (!route) return [];
    const own = route.path ? route.path.split("/").filter(Boolean) : [];
    return [...(route.parentId ? fullPath(route.parentId) : []), ...own];
  };
  const patterns = new Map<string, Pattern>();
  for (const id of Object.keys(routes)) {
    const parts = fullPath(id);
    if (parts.some((part) => part.includes("*"))) continue;
    let expanded: Pattern[] = [[]];
    for (const part of parts) {
      const optional = part.endsWith("?");
      const name = optional ? part.slice(0, -1) : part;
      const segment: Segment =
        name === ":lang"
          ? { kind: "lang" }
          : name.startsWith(":")
            ? { kind: "param" }
            : { kind: "static", value: name };
      expanded = expanded.flatMap((pattern) => (optional ? [pattern, [...pattern, segment]] : [[...pattern, segment]]));
    }
    for (const pattern of expanded) patterns.set(JSON.stringify(pattern), pattern);
  }
  return [...patterns.values()];
}

function decoded(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The canonical spelling of `pathname`, or null when no route matches it. */
export function canonicalPath(pathname: string, patterns: Pattern[]): string | null {
  if (!pathname.startsWith("/")) return null;
  const segments = pathname.split("/").filter((segment) => segment !== "");
  let best: { path: string[]; fixed: number } | null = null;
  for (const pattern of patterns) {
    if (pattern.length !== segments.length) continue;
    const path: string[] = [];
    let fixed = 0;
    const matches = pattern.every((segment, index) => {
      const given = segments[index]!;
      if (segment.kind === "param") {
        path.push(given);
        return true;
      }
      const text = decoded(given)?.toLowerCase();
      const expected = segment.kind === "static" ? segment.value.toLowerCase() : text;
      if (text === undefined || text !== expected || (segment.kind === "lang" && !PREFIX_LANGS.has(text))) return false;
      path.push(segment.kind === "static" ? segment.value : text);
      fixed++;
      return true;
    });
    // As Remix ranks routes: the match with more fixed segments wins.
    if (matches && (!best || fixed > best.fixed)) best = { path, fixed };
  }
  if (!best) return null;
  const canonical = `/${best.path.join("/")}`;
  // Never a scheme-relative or backslashed target ("//host", "/\host"): browsers would leave the site.
  return /^\/[/\\]/.test(canonical) ? null : canonical;
}

/** Express middleware: 301 from a case or slash variant of a page's path to its canonical path, query kept. */
export function redirectToCanonicalPath(routes: ServerBuild["routes"]): RequestHandler {
  const patterns = routePatterns(routes);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const url = req.originalUrl;
    const queryAt = url.indexOf("?");
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    const canonical = canonicalPath(pathname, patterns);
    if (canonical === null || canonical === pathname) return next();
    res.redirect(301, canonical + (queryAt === -1 ? "" : url.slice(queryAt)));
  };
}
