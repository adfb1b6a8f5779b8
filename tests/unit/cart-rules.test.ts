import { describe, expect, it } from "vitest";
import {
  applyCartIntent,
  cartCount,
  cartLineKey,
  intentFromForm,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  type CartLine,
} from "../../app/cart/cart-rules";
import { safeRedirectPath } from "../../app/utils/safe-redirect";

const basic = { serviceType: "travel-ban", tierId: "basic" };
const elite = { serviceType: "travel-ban", tierId: "elite" };
const laborBasic = { serviceType: "labor-ban", tierId: "basic" };

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("cart rules (spec section 4)", () => {
  it("adds a new line with quantity 1, and 1 more for the same service type and tier id", () => {
    let lines: CartLine[] = [];
    lines = applyCartIntent(lines, { intent: "add", ...basic }).lines;
    lines = applyCartIntent(lines, { intent: "add", ...elite }).lines;
    lines = applyCartIntent(lines, { intent: "add", ...basic }).lines;
    expect(lines).toEqual([
      { ...basic, quantity: 2 },
      { ...elite, quantity: 1 },
    ]);
    expect(cartCount(lines)).toBe(3);
  });

  it("treats the same tier id of another service type as another line", () => {
    const lines = applyCartIntent([{ ...basic, quantity: 1 }], { intent: "add", ...laborBasic }).lines;
    expect(lines).toHaveLength(2);
  });

  it("decrements, and removes the line when it reaches 0", () => {
    const start = [
      { ...basic, quantity: 2 },
      { ...elite, quantity: 1 },
    ];
    expect(applyCartIntent(start, { intent: "decrement", ...basic }).lines).toEqual([
      { ...basic, quantity: 1 },
      { ...elite, quantity: 1 },
    ]);
    expect(applyCartIntent(start, { intent: "decrement", ...elite }).lines).toEqual([{ ...basic, quantity: 2 }]);
  });

  it("sets a quantity; 0 or less removes the line", () => {
    const start = [{ ...basic, quantity: 2 }];
    expect(applyCartIntent(start, { intent: "set", ...basic, quantity: 5 }).lines).toEqual([{ ...basic, quantity: 5 }]);
    expect(applyCartIntent(start, { intent: "set", ...basic, quantity: 0 }).lines).toEqual([]);
    expect(applyCartIntent(start, { intent: "set", ...basic, quantity: -3 }).lines).toEqual([]);
    expect(applyCartIntent(start, { intent: "set", ...elite, quantity: 0 }).lines).toEqual(start);
    expect(applyCartIntent(start, { intent: "set", ...elite, quantity: 3 }).lines).toEqual([
      ...start,
      { ...elite, quantity: 3 },
    ]);
  });

  it("removes one line and clears all", () => {
    const start = [
      { ...basic, quantity: 2 },
      { ...elite, quantity: 1 },
    ];
    expect(applyCartIntent(start, { intent: "remove", ...basic }).lines).toEqual([{ ...elite, quantity: 1 }]);
    expect(applyCartIntent(start, { intent: "remove", ...laborBasic }).lines).toEqual(start);
    expect(applyCartIntent(start, { intent: "clear" }).lines).toEqual([]);
  });

  it("never changes the lines it was given", () => {
    const start = Object.freeze([Object.freeze({ ...basic, quantity: 2 })]);
    applyCartIntent(start, { intent: "add", ...basic });
    applyCartIntent(start, { intent: "decrement", ...basic });
    expect(start).toEqual([{ ...basic, quantity: 2 }]);
  });

  it(`caps a line at ${MAX_LINE_QUANTITY} and the cart at ${MAX_CART_LINES} lines, saying which limit was hit`, () => {
    const full = [{ ...basic, quantity: MAX_LINE_QUANTITY }];
    expect(applyCartIntent(full, { intent: "increment", ...basic })).toEqual({ lines: full, limit: "quantity-limit" });
    expect(applyCartIntent([{ ...basic, quantity: 1 }], { intent: "set", ...basic, quantity: 500 })).toEqual({
      lines: full,
      limit: "quantity-limit",
    });
    const many = Array.from({ length: MAX_CART_LINES }, (_, i) => ({
      serviceType: "travel-ban",
      tierId: `t${i}`,
      quantity: 1,
    }));
    const result = applyCartIntent(many, { intent: "add", ...basic });
    expect(result.limit).toBe("line-limit");
    expect(result.lines).toEqual(many);
    // An existing line can still grow in a full cart.
    expect(applyCartIntent(many, { intent: "add", serviceType: "travel-ban", tierId: "t3" }).lines[3]!.quantity).toBe(
      2,
    );
  });
});

describe("cart form fields", () => {
  it("reads every intent", () => {
    expect(intentFromForm(form({ intent: "add", ...basic }))).toEqual({ intent: "add", ...basic });
    expect(intentFromForm(form({ intent: "set", ...basic, quantity: " 3 " }))).toEqual({
      intent: "set",
      ...basic,
      quantity: 3,
    });
    expect(intentFromForm(form({ intent: "clear" }))).toEqual({ intent: "clear" });
  });

  it("refuses malformed submissions", () => {
    expect(intentFromForm(form({}))).toBeUndefined();
    expect(intentFromForm(form({ intent: "buy", ...basic }))).toBeUndefined();
    expect(intentFromForm(form({ intent: "add", serviceType: "travel-ban" }))).toBeUndefined();
    expect(intentFromForm(form({ intent: "add", serviceType: "x".repeat(65), tierId: "basic" }))).toBeUndefined();
    expect(intentFromForm(form({ intent: "set", ...basic, quantity: "2.5" }))).toBeUndefined();
    expect(intentFromForm(form({ intent: "set", ...basic, quantity: "1e9" }))).toBeUndefined();
    expect(intentFromForm(form({ intent: "set", ...basic }))).toBeUndefined();
  });
});

describe("redirect targets", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirectPath("/ban-checks/travel-ban-check", "/cart")).toBe("/ban-checks/travel-ban-check");
    expect(safeRedirectPath("/ar/quote?service=background#result", "/cart")).toBe(
      "/ar/quote?service=background#result",
    );
  });

  it("refuses other sites and tricks", () => {
    for (const target of [
      "//evil.example",
      "https://evil.example/",
      "/\\evil.example",
      "\\\\evil.example",
      "/%0a/evil",
      "/\t/evil.example",
      "javascript:alert(1)",
      "evil.example",
      "",
      null,
      42,
    ]) {
      const result = safeRedirectPath(target, "/cart");
      expect(result === "/cart" || result.startsWith("/%0a")).toBe(true);
    }
    expect(safeRedirectPath("//evil.example", "/cart")).toBe("/cart");
    expect(safeRedirectPath("/\t/evil.example", "/cart")).toBe("/cart");
  });
});

describe("quoted speeds", () => {
  it("reads the speed of a form, standard when none, nothing for an unknown one", () => {
    const form = (fields: Record<string, string>) =>
      new URLSearchParams({ intent: "add", serviceType: "labor-ban", tierId: "comprehensive", ...fields });
    expect(intentFromForm(form({ speed: "express" }))).toEqual({
      intent: "add",
      serviceType: "labor-ban",
      tierId: "comprehensive",
      speed: "express",
    });
    expect(intentFromForm(form({}))).toEqual({ intent: "add", serviceType: "labor-ban", tierId: "comprehensive" });
    expect(intentFromForm(form({ speed: "standard" }))).toEqual({
      intent: "add",
      serviceType: "labor-ban",
      tierId: "comprehensive",
    });
    expect(intentFromForm(form({ speed: "warp" }))).toBeUndefined();
  });

  it("keeps one tier at two speeds as two lines, each changed on its own", () => {
    let lines: CartLine[] = [];
    lines = applyCartIntent(lines, {
      intent: "add",
      serviceType: "labor-ban",
      tierId: "comprehensive",
      speed: "express",
    }).lines;
    lines = applyCartIntent(lines, { intent: "add", serviceType: "labor-ban", tierId: "comprehensive" }).lines;
    lines = applyCartIntent(lines, {
      intent: "increment",
      serviceType: "labor-ban",
      tierId: "comprehensive",
      speed: "express",
    }).lines;
    expect(lines).toEqual([
      { serviceType: "labor-ban", tierId: "comprehensive", speed: "express", quantity: 2 },
      { serviceType: "labor-ban", tierId: "comprehensive", quantity: 1 },
    ]);
    lines = applyCartIntent(lines, { intent: "remove", serviceType: "labor-ban", tierId: "comprehensive" }).lines;
    expect(lines).toEqual([{ serviceType: "labor-ban", tierId: "comprehensive", speed: "express", quantity: 2 }]);
    expect(cartLineKey("labor-ban", "comprehensive", "express")).toBe("labor-ban:comprehensive:express");
    expect(cartLineKey("labor-ban", "comprehensive")).toBe("labor-ban:comprehensive");
  });
});
