import { isSpeed, type Speed } from "../catalogue/speeds";

/**
 * The cart's rules, free of catalogue data and server code so the browser can apply the same
 * rules for its optimistic badge and panel. A line names a plan list (the spec's "service type"),
 * a tier, a delivery speed (from the quote; standard unless said) and a quantity; names and
 * prices are looked up in the catalogue by the server.
 */
export type CartLine = { serviceType: string; tierId: string; speed?: Speed; quantity: number };

/** A priced cart line in one language, as the server sends it to the browser. Prices in fils. */
export type CartItem = {
  /** "serviceType:tierId", with ":speed" for a faster speed: the line's stable key. */
  key: string;
  serviceType: string;
  tierId: string;
  speed: Speed;
  /** "Express (×1.5)" for a faster speed, else null. */
  speedName: string | null;
  serviceName: string;
  tierName: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
};

/** The stable key of a line: a tier at two speeds is two lines. */
export function cartLineKey(serviceType: string, tierId: string, speed: Speed = "standard") {
  return speed === "standard" ? `${serviceType}:${tierId}` : `${serviceType}:${tierId}:${speed}`;
}

/** What the shell and the cart action's JSON answer carry: the priced lines, the badge figure and the total (fils). */
export type CartView = { items: CartItem[]; count: number; subtotal: number };

/** Different packages one cart holds, and the most of one package: keeps the cookie far under 4 KB. */
export const MAX_CART_LINES = 20;
export const MAX_LINE_QUANTITY = 10;

export const CART_INTENTS = ["add", "increment", "decrement", "set", "remove", "clear"] as const;
export type CartIntentName = (typeof CART_INTENTS)[number];

export function isCartIntentName(value: unknown): value is CartIntentName {
  return typeof value === "string" && (CART_INTENTS as readonly string[]).includes(value);
}

export type CartIntent =
  | { intent: "add" | "increment" | "decrement" | "remove"; serviceType: string; tierId: string; speed?: Speed }
  | { intent: "set"; serviceType: string; tierId: string; speed?: Speed; quantity: number }
  | { intent: "clear" };

/** Why a change was only partly applied (the visitor is told). */
export type CartLimit = "line-limit" | "quantity-limit";

export type CartChange = { lines: CartLine[]; limit?: CartLimit };

const sameLine = (line: CartLine, serviceType: string, tierId: string, speed: Speed) =>
  line.serviceType === serviceType && line.tierId === tierId && (line.speed ?? "standard") === speed;

/**
 * Applies one intent to the lines (a new array; the input is not changed):
 * - add / increment: an existing line (same service type and tier id) gets 1 more, else a new
 *   line with quantity 1; past the bounds the cart stays as it was and `limit` says why;
 * - decrement: 1 less, and a line reaching 0 is removed;
 * - set: the quantity given; 0 or less removes the line; above the bound it is capped;
 * - remove: that line; clear: everything.
 */
export function applyCartIntent(lines: readonly CartLine[], change: CartIntent): CartChange {
  if (change.intent === "clear") return { lines: [] };
  const { serviceType, tierId } = change;
  const speed = change.speed ?? "standard";
  const index = lines.findIndex((line) => sameLine(line, serviceType, tierId, speed));
  const created = (quantity: number): CartLine =>
    speed === "standard" ? { serviceType, tierId, quantity } : { serviceType, tierId, speed, quantity };
  const existing = index === -1 ? undefined : lines[index];
  const replace = (quantity: number): CartLine[] =>
    quantity <= 0
      ? lines.filter((_, i) => i !== index)
      : lines.map((line, i) => (i === index ? { ...line, quantity } : line));

  switch (change.intent) {
    case "add":
    case "increment": {
      if (!existing) {
        if (lines.length >= MAX_CART_LINES) return { lines: [...lines], limit: "line-limit" };
        return { lines: [...lines, created(1)] };
      }
      if (existing.quantity >= MAX_LINE_QUANTITY) return { lines: replace(MAX_LINE_QUANTITY), limit: "quantity-limit" };
      return { lines: replace(existing.quantity + 1) };
    }
    case "decrement":
      return { lines: existing ? replace(existing.quantity - 1) : [...lines] };
    case "remove":
      return { lines: existing ? replace(0) : [...lines] };
    case "set": {
      const wanted = Math.trunc(change.quantity);
      if (!existing) {
        // Setting a quantity of a package not in the cart adds it (a quantity box on a plan card).
        if (wanted <= 0) return { lines: [...lines] };
        if (lines.length >= MAX_CART_LINES) return { lines: [...lines], limit: "line-limit" };
        const quantity = Math.min(wanted, MAX_LINE_QUANTITY);
        return {
          lines: [...lines, created(quantity)],
          ...(wanted > MAX_LINE_QUANTITY ? { limit: "quantity-limit" as const } : {}),
        };
      }
      if (wanted > MAX_LINE_QUANTITY) return { lines: replace(MAX_LINE_QUANTITY), limit: "quantity-limit" };
      return { lines: replace(wanted) };
    }
  }
}

/** The badge figure: the sum of the quantities. */
export function cartCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * Reads an intent from submitted form fields (the same parser on the server and, for the
 * optimistic view, in the browser). Returns undefined for anything malformed.
 */
export function intentFromForm(form: { get(name: string): FormDataEntryValue | null }): CartIntent | undefined {
  const intent = form.get("intent");
  if (!isCartIntentName(intent)) return undefined;
  if (intent === "clear") return { intent };
  const serviceType = form.get("serviceType");
  const tierId = form.get("tierId");
  if (
    typeof serviceType !== "string" ||
    typeof tierId !== "string" ||
    !serviceType ||
    !tierId ||
    serviceType.length > 64 ||
    tierId.length > 64
  )
    return undefined;
  // The speed a quote was made for; none means standard.
  const rawSpeed = form.get("speed");
  if (rawSpeed !== null && rawSpeed !== "" && !isSpeed(rawSpeed)) return undefined;
  const speed = isSpeed(rawSpeed) && rawSpeed !== "standard" ? { speed: rawSpeed } : {};
  if (intent !== "set") return { intent, serviceType, tierId, ...speed };
  const raw = form.get("quantity");
  if (typeof raw !== "string" || !/^\s*-?\d{1,6}\s*$/.test(raw)) return undefined;
  return { intent, serviceType, tierId, ...speed, quantity: Number.parseInt(raw, 10) };
}
