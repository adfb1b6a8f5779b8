import type { HeadersFunction } from "@remix-run/node";

/**
 * A page answers with the headers its route's `headers` export returns, not the action's: this
 * one passes on an action's Retry-After, so a 429 says when to try again with or without JavaScript.
 */
export const passRetryAfter: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  const headers = new Headers();
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
