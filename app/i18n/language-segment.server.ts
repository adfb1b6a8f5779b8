import type { LoaderFunctionArgs } from "@remix-run/node";
import { langParam } from "../http/http.server";
import { arabicNotFoundRedirect } from "./lang-cookie.server";

/**
 * The loader of the optional language segment (routes/($lang).tsx): "/about" is English,
 * "/ar/about" Arabic; any other first segment that reaches it is not a page (404; in Arabic for
 * a visitor who chose Arabic). Its own module, so the route's browser build stands in for one
 * server module of its own rather than two that other routes share (each a chunk of its own that
 * every page would fetch, empty).
 */
export function languageSegmentLoader({ params, request }: LoaderFunctionArgs) {
  if (params.lang !== undefined && params.lang !== "ar") arabicNotFoundRedirect(request);
  langParam(params);
  return null;
}
