import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { quote, QUOTE_SERVICES, quoteTiers, SPEEDS, type Speed } from "../../app/catalogue";
import { QuoteSection } from "../../app/components/quote/quote-section";
import { formatMoney } from "../../app/i18n/format";
import type { Lang } from "../../app/i18n/lang";
import { uiStrings } from "../../app/i18n/ui.server";
import { quoteCalculator } from "../../app/quote/quote.server";
import type { RootData } from "../../app/root-data";

/** The calculator as the server renders it for a URL (what a visitor without JavaScript gets). */
function renderCalculator(url: string, lang: Lang = "en") {
  const root: RootData = {
    lang,
    ui: uiStrings[lang],
    site: { name: "Sanad Legal", url: "http://localhost", phone: "+971", email: "a@b.c", hours: "" },
    toast: null,
    requestId: "test",
    user: null,
    cartCount: 0,
    cart: { items: [], count: 0, subtotal: 0 },
    formFlash: null,
    formToken: "t",
    csrfToken: "c",
    languageSuggestion: null,
  };
  const router = createMemoryRouter(
    [{ id: "root", path: "*", element: <QuoteSection calculator={quoteCalculator(lang)} /> }],
    {
      initialEntries: [url],
      hydrationData: { loaderData: { root } },
    },
  );
  return renderToString(<RouterProvider router={router} />);
}

function shown(html: string, field: string) {
  const match = new RegExp(`data-quote="${field}"[^>]*>([^<]*)<`).exec(html);
  return match?.[1]?.replace(/<!-- -->/g, "");
}

describe("quote calculator without JavaScript (server-rendered from the URL)", () => {
  // Every (service, tier, speed) of the spec's tables: the page shows what the catalogue's quote says.
  for (const service of QUOTE_SERVICES) {
    for (const { tierId } of quoteTiers[service]) {
      for (const speed of SPEEDS) {
        it(`${service}/${tierId}/${speed}`, () => {
          const expected = quote(service, tierId, speed as Speed)!;
          const html = renderCalculator(`/quote?service=${service}&tier=${tierId}&speed=${speed}`);
          expect(shown(html, "service")).toBe(expected.service);
          expect(shown(html, "tier")).toBe(expected.tier);
          expect(shown(html, "base-price")).toBe(formatMoney(expected.basePrice, "en"));
          expect(shown(html, "final-price")).toBe(formatMoney(expected.finalPrice, "en"));
          expect(shown(html, "savings")).toBe(formatMoney(expected.savings, "en"));
          expect(html).toContain(`>${expected.delivery} days<`);
        });
      }
    }
  }

  it("lists only the chosen service's tiers, and none before a service is chosen", () => {
    const labor = renderCalculator("/quote?service=labor-ban&update=tiers");
    expect(labor.match(/<option value="(basic|comprehensive)"/g)).toHaveLength(2);
    expect(labor).not.toContain('value="elite"');
    expect(shown(labor, "final-price")).toBeUndefined();
    const none = renderCalculator("/quote");
    expect(none).toContain("Choose a service first");
    expect(none).toContain("Update tiers");
  });

  it("says what is missing instead of inventing a quote", () => {
    expect(renderCalculator("/quote?service=background&tier=&speed=standard")).toContain(
      "Choose a service and a tier to calculate your quote.",
    );
    const mismatch = renderCalculator("/quote?service=labor-ban&tier=elite&speed=express");
    expect(mismatch).toContain("Choose one of the tiers of Labor Ban.");
    expect(shown(mismatch, "final-price")).toBeUndefined();
  });

  it("offers the quoted tier for the cart, and speaks Arabic on Arabic pages", () => {
    const html = renderCalculator("/ar/quote?service=contract-review&tier=premium&speed=same-day", "ar");
    expect(html).toContain('name="serviceType" value="contract-review"');
    expect(html).toContain('name="tierId" value="premium"');
    expect(html).toContain("أضف إلى السلة");
    expect(shown(html, "final-price")).toBe(formatMoney(875_000, "ar"));
  });
});
