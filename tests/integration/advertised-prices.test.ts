import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  planLists,
  PLAN_LIST_KEYS,
  QUOTE_SERVICES,
  services,
  type PlanListKey,
  type ServiceKey,
} from "../../app/catalogue";
import { publicPaths } from "../../app/content/public-routes";
import { localizePath, type Lang } from "../../app/i18n/lang";
import { startServer, type RunningServer } from "../support/server-process";

/**
 * Every claim true (docs/decisions/078-advertised-figures-from-the-catalogue.md): each amount a
 * public page shows, in its text, its meta description or its structured data, is the price of a
 * tier sold on that page or on the service it is about, and each delivery time it names is the
 * delivery of such a tier.
 */

/** The services the home page's cards advertise, each with its "from" price. */
const HOME_CARD_SERVICES: ServiceKey[] = [
  "travel-ban-check",
  "background-check",
  "contract-review",
  "company-formation",
];

/** Pages that advertise another service's offer: the appeal page starts with a travel ban check. */
const RELATED_SERVICES: Record<string, ServiceKey> = { "/ban-checks/travel-ban-appeal": "travel-ban-check" };

/** Legal documents: the times they name are terms (refund processing, notice periods), not offers. */
const TERMS_PAGES = new Set([
  "/privacy-policy",
  "/data-retention-policy",
  "/terms-of-service",
  "/refund-policy",
  "/partner-agreement",
]);

/** The plan lists a page sells or advertises: its plan grids, its service's lists, the quote calculator's, the home cards' services, the wizard's. */
function listsOfPage(path: string, html: string): PlanListKey[] {
  const lists = new Set<PlanListKey>();
  for (const match of html.matchAll(/data-plan-list="([a-z-]+)"/g)) lists.add(match[1] as PlanListKey);
  for (const key of PLAN_LIST_KEYS) {
    const list = planLists[key];
    if (services[list.service].path === path || RELATED_SERVICES[path] === list.service) lists.add(key);
    if (path === "/" && HOME_CARD_SERVICES.includes(list.service)) lists.add(key);
    // The request wizard sells every tier of the catalogue.
    if (path === "/request-check") lists.add(key);
  }
  if (html.includes('data-testid="quote-calculator"')) for (const key of QUOTE_SERVICES) lists.add(key);
  return [...lists];
}

/** Every amount in the page (text, attributes, meta, JSON-LD), in dirhams. */
function amountsIn(html: string, lang: Lang): number[] {
  const text = html.replace(/&nbsp;|\u00A0/g, " ");
  const number = (digits: string) => Number(digits.replace(/,/g, ""));
  const shown =
    lang === "en"
      ? [...text.matchAll(/AED ?(\d[\d,]*(?:\.\d+)?)/g)].map((m) => number(m[1]!))
      : [...text.matchAll(/(\d[\d,]*(?:\.\d+)?) ?درهم/g)].map((m) => number(m[1]!));
  const structured = [...text.matchAll(/"(?:price|lowPrice|highPrice|minPrice)":"(\d+(?:\.\d+)?)"/g)].map((m) =>
    number(m[1]!),
  );
  return [...shown, ...structured];
}

/** Delivery times an English page names ("3-5 business days", "8 hours", "2 minutes"). */
function timesIn(html: string): string[] {
  const text = html.replace(/<[^>]+>/g, " ").replace(/&nbsp;|\u00A0/g, " ");
  return [...text.matchAll(/\b(\d+(?:-\d+)? (?:business days|hours|minutes))\b/g)].map((m) => m[1]!);
}

/** Not delivery times: how soon we reply to an inquiry, how long a link or follow-up lasts. */
const NOT_DELIVERY_TIMES = new Set(["24 hours"]);

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("advertised prices and times", () => {
  for (const lang of ["en", "ar"] as const) {
    it(`every amount on every public page (${lang}) is the price of a tier sold there, every time a tier's delivery`, async () => {
      const problems: string[] = [];
      let amountsSeen = 0;
      for (const path of publicPaths) {
        const response = await fetch(server.url + localizePath(lang, path));
        expect(response.status, path).toBe(200);
        const html = await response.text();
        const lists = listsOfPage(path, html);
        const tiers = lists.flatMap((key) => planLists[key].tiers);
        const prices = new Set(tiers.map((tier) => tier.price / 100));
        for (const amount of amountsIn(html, lang)) {
          amountsSeen++;
          if (!prices.has(amount))
            problems.push(`${lang} ${path}: ${amount} is no price of ${lists.join(", ") || "anything sold there"}`);
        }
        if (lang === "en" && !TERMS_PAGES.has(path)) {
          const deliveries = tiers.map((tier) => tier.delivery.en);
          for (const time of timesIn(html)) {
            if (!NOT_DELIVERY_TIMES.has(time) && !deliveries.some((delivery) => delivery.includes(time)))
              problems.push(`en ${path}: "${time}" is no delivery of ${lists.join(", ") || "anything sold there"}`);
          }
        }
      }
      expect(problems).toEqual([]);
      // The walk saw the prices: an empty page or a changed notation cannot pass it.
      expect(amountsSeen).toBeGreaterThan(50);
    }, 120_000);
  }

  it("the home page's cards advertise the lowest price each service sells, and the contradicted figures are gone", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    for (const figure of ["AED 500", "AED 2,500", "7-14 days", "2-4 hours", "24-48 hours (up to 72"])
      expect(html).not.toContain(figure);
    for (const figure of ["From AED 200", "From AED 350", "From AED 1,200", "From AED 8,500"])
      expect(html).toContain(figure);
  });
});
