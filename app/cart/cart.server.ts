import { createCookieSessionStorage, type Session } from "@remix-run/node";
import {
  isSpeed,
  planLists,
  priceLine,
  serviceName,
  speedLabel,
  type PlanListKey,
  type ServiceKey,
} from "../catalogue";
import { getEnv } from "../env.server";
import { langFromPath, type Lang } from "../i18n/lang";
import {
  cartCount,
  cartLineKey,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  type CartItem,
  type CartLine,
  type CartView,
} from "./cart-rules";

export type { CartItem, CartLine, CartView };

/**
 * The cart lives in a signed, httpOnly cookie session ("__cart"), so any number of app instances
 * can serve it. The cookie holds only [service type, tier id, quantity] per line, plus the speed
 * for a line quoted faster than standard; names and prices are looked up in the catalogue on
 * every read, so neither an edited nor an old cookie can change a price. A cookie whose signature
 * does not verify reads as an empty cart. It also keeps the submission keys of the last changes
 * ("k"): a change sent again (a retry after a dropped connection) is not applied twice.
 */
type StoredLine = [string, string, number] | [string, string, number, string];
type CartSessionData = { l: StoredLine[]; k: string[] };

let storage: ReturnType<typeof createCookieSessionStorage<CartSessionData>> | undefined;
let storageSecrets: string[] | undefined;
function cartStorage() {
  const env = getEnv();
  // Made again when the configuration is re-read (tests of secret rotation).
  if (storageSecrets !== env.SESSION_SECRET) storage = undefined;
  storageSecrets = env.SESSION_SECRET;
  storage ??= createCookieSessionStorage<CartSessionData>({
    cookie: {
      name: "__cart",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env.isProduction,
      // The first secret signs; all of them verify (rotation).
      secrets: env.SESSION_SECRET,
      maxAge: 60 * 60 * 24 * 30,
    },
  });
  return storage;
}

/** A priced line (the browser's CartItem) with the service key orders record. */
export type PricedCartItem = CartItem & { serviceType: PlanListKey; serviceKey: ServiceKey };

export type Cart = {
  /** What the cookie holds, cleaned: only existing tiers, quantities within bounds. */
  lines: CartLine[];
  /** The same lines priced from the catalogue. */
  items: PricedCartItem[];
  /** Sum of the quantities (the badge). */
  count: number;
  /** Fils. */
  subtotal: number;
  /** Lines the cookie named whose tier no longer exists: dropped, and the visitor is told. */
  dropped: number;
};

/** The stored lines, parsed defensively: anything malformed is skipped, bounds are enforced. */
export function storedLines(value: unknown): CartLine[] {
  if (!Array.isArray(value)) return [];
  const lines: CartLine[] = [];
  for (const entry of value.slice(0, MAX_CART_LINES * 2)) {
    if (!Array.isArray(entry) || (entry.length !== 3 && entry.length !== 4)) continue;
    const [serviceType, tierId, quantity, rawSpeed] = entry as unknown[];
    if (
      typeof serviceType !== "string" ||
      typeof tierId !== "string" ||
      typeof quantity !== "number" ||
      !Number.isInteger(quantity) ||
      quantity < 1
    )
      continue;
    if (rawSpeed !== undefined && !isSpeed(rawSpeed)) continue;
    const speed = rawSpeed ?? "standard";
    const existing = lines.find(
      (line) => line.serviceType === serviceType && line.tierId === tierId && (line.speed ?? "standard") === speed,
    );
    if (existing) existing.quantity = Math.min(MAX_LINE_QUANTITY, existing.quantity + quantity);
    else if (lines.length < MAX_CART_LINES)
      lines.push({
        serviceType,
        tierId,
        ...(speed === "standard" ? {} : { speed }),
        quantity: Math.min(MAX_LINE_QUANTITY, quantity),
      });
  }
  return lines;
}

/** The name shown for a plan list's service: its service, or the list's own title for general lists (bundles, express). */
function displayServiceName(list: PlanListKey, lang: Lang) {
  const planList = planLists[list];
  return planList.service === "general" ? planList.title[lang] : serviceName(planList.service, lang);
}

/** Prices lines from the catalogue; lines whose tier does not exist are counted as dropped. */
export function priceLines(input: readonly CartLine[], lang: Lang): Cart {
  const lines: CartLine[] = [];
  const items: PricedCartItem[] = [];
  let dropped = 0;
  for (const line of input) {
    const speed = line.speed ?? "standard";
    const found = priceLine(line.serviceType, line.tierId, speed);
    if (!found) {
      dropped++;
      continue;
    }
    lines.push(line);
    items.push({
      key: cartLineKey(found.list.key, found.tier.id, speed),
      serviceType: found.list.key,
      serviceKey: found.list.service,
      tierId: found.tier.id,
      speed,
      speedName: speedLabel(speed, lang),
      serviceName: displayServiceName(found.list.key, lang),
      tierName: found.tier.name[lang],
      unitPrice: found.unitPrice,
      quantity: line.quantity,
      lineTotal: found.unitPrice * line.quantity,
    });
  }
  return {
    lines,
    items,
    count: cartCount(lines),
    subtotal: items.reduce((sum, item) => sum + item.lineTotal, 0),
    dropped,
  };
}

/** The part of a cart the browser gets (root data, the action's JSON answer). */
export function cartView(cart: Cart): CartView {
  return {
    items: cart.items.map(({ serviceKey: _serviceKey, ...item }) => item),
    count: cart.count,
    subtotal: cart.subtotal,
  };
}

export async function cartSession(request: Request) {
  return cartStorage().getSession(request.headers.get("Cookie"));
}

/**
 * The visitor's cart, priced from the catalogue, in the request's language unless one is given.
 * The checkout uses `lines` (plan list, tier id, quantity) and the totals; nothing of a price
 * comes from the browser.
 */
export async function readCart(
  request: Request,
  lang: Lang = langFromPath(new URL(request.url).pathname),
): Promise<Cart> {
  const session = await cartSession(request);
  return priceLines(storedLines(session.get("l")), lang);
}

/** The Set-Cookie header value that stores these lines (or removes the cookie when there are none). */
export async function commitCartLines(
  request: Request | Session<CartSessionData>,
  lines: readonly CartLine[],
): Promise<string> {
  const session = request instanceof Request ? await cartSession(request) : request;
  if (lines.length === 0) return cartStorage().destroySession(session);
  session.set(
    "l",
    lines.map((line): StoredLine =>
      line.speed && line.speed !== "standard"
        ? [line.serviceType, line.tierId, line.quantity, line.speed]
        : [line.serviceType, line.tierId, line.quantity],
    ),
  );
  return cartStorage().commitSession(session);
}

/** Headers that empty the cart (after an order is placed): append them to the response. */
export async function clearCartHeaders(headers = new Headers()): Promise<Headers> {
  const session = await cartStorage().getSession();
  headers.append("Set-Cookie", await cartStorage().destroySession(session));
  return headers;
}

/** For tests and tools: the cookie (name=value) that holds these lines. */
export async function cartCookieFor(lines: readonly CartLine[]): Promise<string> {
  const session = await cartStorage().getSession();
  const setCookie = await commitCartLines(session, lines);
  return setCookie.split(";")[0]!;
}

/** How many change keys the cookie remembers: more than a queue of changes ever holds unanswered. */
const KEPT_CHANGE_KEYS = 12;
const CHANGE_KEY = /^[0-9a-f-]{36}$/i;

/** The submission keys of the last changes applied to this cart. */
export function appliedChangeKeys(session: Session<CartSessionData>): string[] {
  const value = session.get("k");
  return Array.isArray(value)
    ? value.filter((key): key is string => typeof key === "string" && CHANGE_KEY.test(key)).slice(-KEPT_CHANGE_KEYS)
    : [];
}

/** Remembers a change's key (committed with the lines by commitCartLines). */
export function rememberChangeKey(session: Session<CartSessionData>, key: string) {
  session.set("k", [...appliedChangeKeys(session).filter((kept) => kept !== key), key].slice(-KEPT_CHANGE_KEYS));
}
