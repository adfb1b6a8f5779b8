import { redirect } from "@remix-run/node";
import { priceLine, speedLabel } from "../catalogue";
import { fill } from "../i18n/fill";
import { listComma } from "../i18n/format";
import { langFromPath, localizePath, type Lang } from "../i18n/lang";
import { requestLang } from "../i18n/lang-cookie.server";
import { cartStrings } from "../i18n/strings/cart";
import { refererPath, safeRedirectPath } from "../utils/safe-redirect";
import type { Toast } from "../forms/toast";
import { toastHeaders } from "../forms/toast.server";
import {
  applyCartIntent,
  intentFromForm,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  type CartLine,
  type CartView,
} from "./cart-rules";
import {
  appliedChangeKeys,
  cartSession,
  cartView,
  commitCartLines,
  priceLines,
  rememberChangeKey,
  storedLines,
} from "./cart.server";
import { formOrEmpty } from "../http/http.server";
import { submissionToken } from "../forms/submission-keys.server";

/** The JSON answer to a script's cart request (forms posted with `respond=data`). */
export type CartActionData = { ok: boolean; toast?: Toast; cart: CartView };

/** The cart page's path in a language: where a plain form goes back to when it names no page. */
export const cartPagePath = (lang: Lang) => localizePath(lang, "/cart");

/** The page to go back to, with the cart panel open (the cart page itself needs no panel). */
export function withCartOpen(path: string): string {
  const url = new URL(path, "http://internal.invalid");
  url.searchParams.delete("cart");
  const bare = url.pathname.replace(/\/+$/, "") || "/";
  if (bare !== "/cart" && bare !== "/ar/cart") url.searchParams.set("cart", "open");
  return url.pathname + url.search;
}

/**
 * The one cart action (intents add, increment, decrement, set, remove, clear). A plain form is
 * answered with a 303 back to the page it came from (a validated path on this site) with the cart
 * panel open; a script sending `respond=data` gets the new cart as JSON. Nothing a browser sends
 * leads to a 500: malformed input is a 400 with a message.
 */
export async function handleCartAction(request: Request, routeLang: Lang): Promise<Response> {
  const form = await formOrEmpty(request);
  const wantsData = form.get("respond") === "data";
  const back = safeRedirectPath(form.get("redirectTo") ?? refererPath(request), cartPagePath(routeLang));
  const lang = langFromPath(new URL(back, "http://internal.invalid").pathname);
  const text = cartStrings[lang];

  const session = await cartSession(request);
  const current = priceLines(storedLines(session.get("l")), lang);
  const change = intentFromForm(form);
  // A change this cart has had already (sent again after its answer was lost) is not applied twice.
  const changeKey = submissionToken(form) ?? null;
  const repeated = changeKey !== null && appliedChangeKeys(session).includes(changeKey);

  let lines: CartLine[] = current.lines;
  let toast: Toast | undefined;
  let status = 200;
  if (!change) {
    status = 400;
    toast = { kind: "error", title: text.invalid };
  } else if (
    change.intent !== "clear" &&
    change.intent !== "decrement" &&
    change.intent !== "remove" &&
    !priceLine(change.serviceType, change.tierId, change.speed)
  ) {
    // Adding a tier the catalogue does not have, or at a speed it is not quoted at (an edited form or an old page).
    status = 400;
    toast = { kind: "error", title: text.unavailable };
  } else {
    const result = repeated ? { lines: current.lines } : applyCartIntent(current.lines, change);
    lines = result.lines;
    if (changeKey && !repeated) rememberChangeKey(session, changeKey);
    if (result.limit === "line-limit") toast = { kind: "error", title: fill(text.lineLimit, { max: MAX_CART_LINES }) };
    else if (result.limit === "quantity-limit")
      toast = { kind: "error", title: fill(text.quantityLimit, { max: MAX_LINE_QUANTITY }) };
    else if (change.intent === "add") {
      const found = priceLine(change.serviceType, change.tierId, change.speed)!;
      const speed = change.speed ? speedLabel(change.speed, lang) : null;
      const item = speed ? `${found.tier.name[lang]}${listComma(lang)}${speed}` : found.tier.name[lang];
      toast = { kind: "success", title: text.added, description: fill(text.addedText, { item }) };
    }
  }

  const cart = priceLines(lines, lang);
  const headers = new Headers();
  // Also rewrites a cookie that named stale tiers, even when the change itself was refused.
  if (lines !== current.lines || current.dropped > 0 || (changeKey && !repeated))
    headers.append("Set-Cookie", await commitCartLines(session, cart.lines));
  if (current.dropped > 0 && !toast) toast = { kind: "info", title: text.staleDropped };

  if (wantsData) {
    const body: CartActionData = {
      ok: status === 200 && toast?.kind !== "error",
      cart: cartView(cart),
      ...(toast ? { toast } : {}),
    };
    headers.set("Cache-Control", "no-store");
    return Response.json(body, { status, headers });
  }
  // Without JavaScript the open panel shows the result; only problems need a notice.
  if (toast && toast.kind !== "success") await toastHeaders(toast, headers);
  return redirect(withCartOpen(back), { status: 303, headers });
}

/** For loaders that must refuse GET on the action's URL: send the visitor to the cart page. */
export function cartActionGet(request: Request) {
  return redirect(cartPagePath(requestLang(request)), { status: 303 });
}
