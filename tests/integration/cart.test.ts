import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { formRequest, type FormFields } from "../support/http";
import { handleCartAction, type CartActionData } from "../../app/cart/cart-action.server";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "../../app/cart/cart-rules";
import { PLAN_LIST_KEYS, planLists } from "../../app/catalogue";
import { cartCookieFor, clearCartHeaders, readCart } from "../../app/cart/cart.server";
import { resetEnvForTests } from "../../app/env.server";
import { formatMoney } from "../../app/i18n/format";
import { loadShellData } from "../../app/shell.server";

const SECRET_A = "a".repeat(40);
const SECRET_B = "b".repeat(40);
const saved = { SESSION_SECRET: process.env.SESSION_SECRET, DATA_DIR: process.env.DATA_DIR };

function useSecrets(value: string) {
  process.env.SESSION_SECRET = value;
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "sanad-cart-"));
  resetEnvForTests();
}

beforeEach(() => useSecrets(SECRET_A));
afterAll(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
});

/** The cookie (name=value) a response sets for the cart, or "" when it removes it. */
function cartCookieFrom(response: Response, previous = ""): string {
  const header = response.headers.getSetCookie().find((value) => value.startsWith("__cart="));
  if (!header) return previous;
  const pair = header.split(";")[0]!;
  return pair === "__cart=" ? "" : pair;
}

/** The cart form as it reaches the action, with the browser's cookie. */
const cartForm = (fields: FormFields, cookie = "", headers: Record<string, string> = {}) =>
  formRequest("http://localhost:3000/cart/update", fields, { cookie, headers: { Host: "localhost:3000", ...headers } });

const page = (cookie: string, url = "http://localhost:3000/") =>
  new Request(url, { headers: cookie ? { Cookie: cookie } : {} });

/** Posts a sequence of changes like a browser, carrying the cookie along. */
async function perform(steps: Array<Record<string, string>>, cookie = "") {
  let current = cookie;
  let last: Response | undefined;
  for (const step of steps) {
    last = await handleCartAction(cartForm(step, current), "en");
    current = cartCookieFrom(last, current);
  }
  return { cookie: current, response: last! };
}

describe("cart action without JavaScript", () => {
  it("adds, counts, and redirects back to the page with the panel open", async () => {
    const { cookie, response } = await perform([
      { intent: "add", serviceType: "travel-ban", tierId: "basic", redirectTo: "/ban-checks/travel-ban-check" },
      { intent: "add", serviceType: "travel-ban", tierId: "elite", redirectTo: "/ban-checks/travel-ban-check" },
      { intent: "add", serviceType: "travel-ban", tierId: "basic", redirectTo: "/ban-checks/travel-ban-check?x=1" },
    ]);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/ban-checks/travel-ban-check?x=1&cart=open");
    const cart = await readCart(page(cookie));
    expect(cart.count).toBe(3);
    expect(cart.items.map((item) => [item.tierName, item.quantity, item.lineTotal])).toEqual([
      ["Basic", 2, 130_000],
      ["Elite", 1, 250_000],
    ]);
    expect(cart.subtotal).toBe(380_000);
    // The cookie holds service type, tier id and quantity only: no names, no prices.
    const raw = decodeURIComponent(cookie.slice("__cart=".length)).split(".")[0]!;
    const stored = Buffer.from(raw, "base64").toString("utf8");
    expect(stored).toContain("travel-ban");
    expect(stored).not.toMatch(/Basic|Elite|650|1300|2500/);
    expect(cookie.length).toBeLessThan(400);
  });

  it("changes quantities, removes a line and clears the cart", async () => {
    const added = await perform([
      { intent: "add", serviceType: "travel-ban", tierId: "basic" },
      { intent: "add", serviceType: "background", tierId: "executive" },
    ]);
    let { cookie } = await perform(
      [
        { intent: "increment", serviceType: "travel-ban", tierId: "basic" },
        { intent: "set", serviceType: "background", tierId: "executive", quantity: "4" },
      ],
      added.cookie,
    );
    expect((await readCart(page(cookie))).items.map((item) => item.quantity)).toEqual([2, 4]);
    ({ cookie } = await perform(
      [
        { intent: "decrement", serviceType: "travel-ban", tierId: "basic" },
        { intent: "decrement", serviceType: "travel-ban", tierId: "basic" },
      ],
      cookie,
    ));
    expect((await readCart(page(cookie))).items.map((item) => item.tierId)).toEqual(["executive"]);
    ({ cookie } = await perform([{ intent: "remove", serviceType: "background", tierId: "executive" }], cookie));
    expect((await readCart(page(cookie))).count).toBe(0);
    ({ cookie } = await perform(
      [{ intent: "add", serviceType: "bundles", tierId: "complete" }, { intent: "clear" }],
      cookie,
    ));
    expect(cookie).toBe("");
  });

  it("goes back only to paths on this site", async () => {
    for (const redirectTo of ["//evil.example", "https://evil.example/x", "/\\evil.example"]) {
      const response = await handleCartAction(
        cartForm({ intent: "add", serviceType: "travel-ban", tierId: "basic", redirectTo }),
        "en",
      );
      expect(response.headers.get("Location")).toBe("/cart");
    }
    // No field: the same-host Referer; another host's Referer is ignored.
    const fromReferer = await handleCartAction(
      cartForm({ intent: "clear" }, "", { Referer: "http://localhost:3000/ar/quote?service=background" }),
      "en",
    );
    expect(fromReferer.headers.get("Location")).toBe("/ar/quote?service=background&cart=open");
    const foreign = await handleCartAction(
      cartForm({ intent: "clear" }, "", { Referer: "https://evil.example/" }),
      "ar",
    );
    expect(foreign.headers.get("Location")).toBe("/ar/cart");
  });

  it("answers malformed or unknown input with a notice, never a 500", async () => {
    const bad = await handleCartAction(cartForm({ intent: "explode" }), "en");
    expect(bad.status).toBe(303);
    expect(bad.headers.getSetCookie().some((value) => value.startsWith("__toast="))).toBe(true);
    const unknownTier = await handleCartAction(
      cartForm({ intent: "add", serviceType: "travel-ban", tierId: "platinum", respond: "data" }),
      "en",
    );
    expect(unknownTier.status).toBe(400);
    expect(((await unknownTier.json()) as CartActionData).toast?.title).toBe("This package is no longer available.");
    const notForm = await handleCartAction(
      new Request("http://localhost:3000/cart/update", {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=x" },
        body: "garbage",
      }),
      "en",
    );
    expect(notForm.status).toBe(303);
  });
});

describe("cart action for scripts (respond=data)", () => {
  it("answers with the priced cart as JSON and sets the cookie", async () => {
    const response = await handleCartAction(
      cartForm({ intent: "add", serviceType: "labor-ban", tierId: "express", respond: "data", redirectTo: "/ar" }),
      "en",
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as CartActionData;
    expect(body.ok).toBe(true);
    expect(body.cart.count).toBe(1);
    expect(body.cart.items[0]).toMatchObject({
      serviceType: "labor-ban",
      tierId: "express",
      unitPrice: 135_000,
      tierName: "السريعة",
    });
    expect(body.toast).toMatchObject({ kind: "success", title: "أُضيفت إلى السلة" });
    expect(cartCookieFrom(response)).toMatch(/^__cart=/);
  });

  it(`says so past ${MAX_LINE_QUANTITY} of one package and ${MAX_CART_LINES} lines`, async () => {
    const steps = Array.from({ length: MAX_LINE_QUANTITY + 1 }, () => ({
      intent: "add",
      serviceType: "travel-ban",
      tierId: "basic",
      respond: "data",
    }));
    const { response, cookie } = await perform(steps);
    const body = (await response.json()) as CartActionData;
    expect(body.ok).toBe(false);
    expect(body.toast?.title).toBe(`You can order up to ${MAX_LINE_QUANTITY} of one package.`);
    expect(body.cart.count).toBe(MAX_LINE_QUANTITY);
    void cookie;

    const everyTier = PLAN_LIST_KEYS.flatMap((list) =>
      planLists[list].tiers.map((tier) => ({ intent: "add", serviceType: list, tierId: tier.id, respond: "data" })),
    );
    expect(everyTier.length).toBeGreaterThan(MAX_CART_LINES);
    const full = await perform(everyTier.slice(0, MAX_CART_LINES + 1));
    const answer = (await full.response.json()) as CartActionData;
    expect(answer.ok).toBe(false);
    expect(answer.toast?.title).toBe(
      `Your cart can hold up to ${MAX_CART_LINES} different packages. Remove one to add another.`,
    );
    expect(answer.cart.items).toHaveLength(MAX_CART_LINES);
  });
});

describe("the cookie", () => {
  it("reads a tampered cookie as an empty cart, without an error", async () => {
    const { cookie } = await perform([{ intent: "add", serviceType: "travel-ban", tierId: "basic" }]);
    const [name, value] = cookie.split("=") as [string, string];
    const decoded = decodeURIComponent(value);
    const dot = decoded.lastIndexOf(".");
    const payload = Buffer.from(decoded.slice(0, dot), "base64").toString("utf8");
    // Quantity 9 instead of 1, with the old signature; and a forged one signed with another key.
    const edited = Buffer.from(payload.replace(/,1\]/, ",9]"), "utf8").toString("base64");
    expect(edited).not.toBe(decoded.slice(0, dot));
    const tampered = `${name}=${encodeURIComponent(`${edited}${decoded.slice(dot)}`)}`;
    expect((await readCart(page(tampered))).count).toBe(0);
    const forgedSignature = crypto
      .createHmac("sha256", "not-our-secret-not-our-secret-123")
      .update(edited)
      .digest("base64")
      .replace(/=+$/, "");
    expect((await readCart(page(`${name}=${encodeURIComponent(`${edited}.${forgedSignature}`)}`))).count).toBe(0);
    expect((await readCart(page("__cart=%%%not-base64"))).count).toBe(0);
    // The page still renders its shell normally.
    const shell = await loadShellData(page(tampered), {
      cspNonce: "test",
      requestId: "test",
      clientAddress: "127.0.0.1",
    });
    expect(shell.data.cartCount).toBe(0);
  });

  it("keeps prices from the catalogue whatever the cookie says, and drops stale tiers with a notice", async () => {
    const cookie = await cartCookieFor([
      { serviceType: "travel-ban", tierId: "basic", quantity: 2 },
      { serviceType: "travel-ban", tierId: "discontinued", quantity: 1 },
      { serviceType: "no-such-list", tierId: "basic", quantity: 1 },
    ]);
    const cart = await readCart(page(cookie));
    expect(cart.dropped).toBe(2);
    expect(cart.items).toHaveLength(1);
    expect(cart.subtotal).toBe(130_000);
    const shell = await loadShellData(page(cookie), {
      cspNonce: "test",
      requestId: "test",
      clientAddress: "127.0.0.1",
    });
    expect(shell.data.toast).toEqual({
      kind: "info",
      title: "Some items in your cart are no longer offered and were removed.",
    });
    expect(shell.data.cart.items.map((item) => item.tierId)).toEqual(["basic"]);
    expect(formatMoney(shell.data.cart.subtotal)).toContain("1,300");
    // The cleaned cart is stored, so the notice shows once.
    const cleaned = cartCookieFrom(new Response(null, { headers: shell.init?.headers as HeadersInit }), cookie);
    expect((await readCart(page(cleaned))).dropped).toBe(0);
  });

  it("bounds what a signed cookie can hold", async () => {
    const cookie = await cartCookieFor([
      { serviceType: "travel-ban", tierId: "basic", quantity: 500 },
      ...Array.from({ length: MAX_CART_LINES + 5 }, (_, i) => ({
        serviceType: "travel-ban",
        tierId: `gone-${i}`,
        quantity: 1,
      })),
    ]);
    const cart = await readCart(page(cookie));
    expect(cart.items).toEqual([expect.objectContaining({ tierId: "basic", quantity: MAX_LINE_QUANTITY })]);
    expect(cart.dropped).toBe(MAX_CART_LINES - 1);
  });

  it("still reads carts signed with a previous secret after rotation, and clears on checkout", async () => {
    const { cookie } = await perform([{ intent: "add", serviceType: "contract-review", tierId: "premium" }]);
    useSecrets(`${SECRET_B},${SECRET_A}`);
    expect((await readCart(page(cookie))).count).toBe(1);
    useSecrets(SECRET_B);
    expect((await readCart(page(cookie))).count).toBe(0);
    const headers = await clearCartHeaders();
    expect(headers.get("Set-Cookie")).toMatch(/^__cart=;.*Expires=Thu, 01 Jan 1970/);
  });
});

describe("quoted speeds and repeated changes", () => {
  it("keeps the quote's speed on its own line, priced by the server with the multiplier", async () => {
    const { cookie, response } = await perform([
      { intent: "add", serviceType: "labor-ban", tierId: "comprehensive", speed: "express", respond: "data" },
      { intent: "add", serviceType: "labor-ban", tierId: "comprehensive", respond: "data" },
      { intent: "add", serviceType: "background", tierId: "essential", speed: "same-day", respond: "data" },
      { intent: "increment", serviceType: "labor-ban", tierId: "comprehensive", speed: "express", respond: "data" },
    ]);
    const body = (await response.json()) as CartActionData;
    expect(body.cart.items.map((item) => [item.key, item.unitPrice, item.quantity, item.speedName])).toEqual([
      // AED 950 × 1.5 = 1,425; 695 × 2.5 = 1,737.5, rounded to 1,738.
      ["labor-ban:comprehensive:express", 142_500, 2, "Express (×1.5)"],
      ["labor-ban:comprehensive", 95_000, 1, null],
      ["background:essential:same-day", 173_800, 1, "Same-day (×2.5)"],
    ]);
    expect(body.cart.subtotal).toBe(2 * 142_500 + 95_000 + 173_800);
    // The cookie keeps the speed; prices are the catalogue's again on the next read.
    const cart = await readCart(page(cookie));
    expect(cart.lines).toContainEqual({
      serviceType: "labor-ban",
      tierId: "comprehensive",
      speed: "express",
      quantity: 2,
    });
    expect(cart.subtotal).toBe(body.cart.subtotal);
  });

  it("refuses a speed a plan is not quoted at, or an unknown one", async () => {
    for (const fields of [
      { intent: "add", serviceType: "bundles", tierId: "complete", speed: "express" },
      { intent: "add", serviceType: "labor-ban", tierId: "express", speed: "same-day" },
      { intent: "add", serviceType: "labor-ban", tierId: "basic", speed: "warp" },
    ]) {
      const response = await handleCartAction(cartForm({ ...fields, respond: "data" }), "en");
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(((await response.json()) as CartActionData).cart.count).toBe(0);
    }
    // An edited cookie naming such a line reads without it.
    const cookie = await cartCookieFor([{ serviceType: "bundles", tierId: "complete", speed: "express", quantity: 1 }]);
    expect((await readCart(page(cookie))).dropped).toBe(1);
  });

  it("applies a change sent twice with one key once (a retry after the answer was lost)", async () => {
    const key = crypto.randomUUID();
    const add = { intent: "add", serviceType: "travel-ban", tierId: "basic", respond: "data", submissionId: key };
    const { cookie } = await perform([add, add, { ...add, submissionId: crypto.randomUUID() }, add]);
    const cart = await readCart(page(cookie));
    expect(cart.count).toBe(2);
    // A key is no password: a malformed one is ignored and the change applied.
    const loose = await perform([
      { ...add, submissionId: "not-a-key" },
      { ...add, submissionId: "not-a-key" },
    ]);
    expect((await readCart(page(loose.cookie))).count).toBe(2);
  });
});
