import { CSRF_FIELD } from "../../http/csrf";
import { useRootData } from "../../root-data";

/** The visitor's form token, for forms sent from script (`fetcher.submit`, `fetch`). */
export function useCsrfToken(): string {
  return useRootData()?.csrfToken ?? "";
}

/**
 * The hidden field every POST form carries, first in the form (upload forms are checked by their
 * first part): browsers that send neither Origin nor Referer (lynx, stripped headers) are accepted
 * only with it (docs/decisions/031-form-tokens-for-browsers-without-origin.md), or after a
 * confirmation step for anonymous forms of shared pages (docs/decisions/091-shared-anonymous-pages.md).
 */
export function CsrfField() {
  const token = useCsrfToken();
  // Shared anonymous pages carry no token (decision 091): their forms send none.
  return token ? <input type="hidden" name={CSRF_FIELD} value={token} /> : null;
}
