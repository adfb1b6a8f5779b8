/**
 * True when a state-changing request comes from one of our own pages: its Origin (or, when a
 * browser sends none, its Referer) is our configured site or the host the request was sent to.
 * Browsers set Origin themselves, so another site cannot forge it.
 */
export function isSameOriginRequest(input: {
  origin: string | undefined;
  referer: string | undefined;
  host: string | undefined;
  protocol: string;
  siteUrl: string;
}): boolean {
  const claimed = input.origin ?? originOf(input.referer);
  if (!claimed || claimed === "null") return false;
  const allowed = new Set<string>([new URL(input.siteUrl).origin]);
  if (input.host) allowed.add(`${input.protocol}://${input.host}`.toLowerCase());
  return allowed.has(claimed.toLowerCase());
}

function originOf(url: string | undefined) {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
