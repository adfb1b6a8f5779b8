import { useLocation } from "@remix-run/react";

/**
 * The page's own path without its query: where a case page's plain forms post. Without an action a
 * form posts to the current address, query included, and after a refused message (no JavaScript)
 * that address still says ?intent=message.
 */
export function usePagePath() {
  return useLocation().pathname;
}
