import type { Lang } from "../i18n/lang";
import { findTier, type PlanList, type PlanListKey, type PlanTier } from "./plans";
import { computeQuote, SPEED_MULTIPLIERS, type QuoteFigures, type Speed } from "./quote";
import type { Localized } from "./services";

/** The quote calculator's services and tiers (spec section 9, "Quote tiers"), priced from the plan lists. */
export const QUOTE_SERVICES = [
  "travel-ban",
  "background",
  "labor-ban",
  "contract-review",
] as const satisfies readonly PlanListKey[];
export type QuoteService = (typeof QUOTE_SERVICES)[number];

export function isQuoteService(value: unknown): value is QuoteService {
  return typeof value === "string" && (QUOTE_SERVICES as readonly string[]).includes(value);
}

export const quoteServiceNames: Record<QuoteService, Localized<string>> = {
  "travel-ban": { en: "Travel Ban Check", ar: "فحص حظر السفر" },
  background: { en: "Background Check", ar: "التحقق من الخلفية" },
  "labor-ban": { en: "Labor Ban", ar: "حظر العمل" },
  "contract-review": { en: "Contract Review", ar: "مراجعة العقود" },
};

/** Tier ids per service, with their delivery in days. */
export const quoteTiers: Record<QuoteService, Array<{ tierId: string; deliveryDays: string }>> = {
  "travel-ban": [
    { tierId: "basic", deliveryDays: "5-7" },
    { tierId: "fundamental", deliveryDays: "3-5" },
    { tierId: "comprehensive", deliveryDays: "5" },
    { tierId: "elite", deliveryDays: "5" },
  ],
  background: [
    { tierId: "essential", deliveryDays: "7-10" },
    { tierId: "standard", deliveryDays: "5-7" },
    { tierId: "comprehensive", deliveryDays: "7-10" },
    { tierId: "executive", deliveryDays: "10-14" },
  ],
  "labor-ban": [
    { tierId: "basic", deliveryDays: "3-5" },
    { tierId: "comprehensive", deliveryDays: "3-5" },
  ],
  "contract-review": [
    { tierId: "basic", deliveryDays: "3-5" },
    { tierId: "professional", deliveryDays: "5-7" },
    { tierId: "premium", deliveryDays: "7-10" },
  ],
};

export type QuoteTierView = { id: string; name: string; price: number; deliveryDays: string };
export type QuoteServiceView = { key: QuoteService; name: string; tiers: QuoteTierView[] };

/** The calculator's choices in one language (sent by the loader; the browser computes with computeQuote). */
export function quoteOptions(lang: Lang): QuoteServiceView[] {
  return QUOTE_SERVICES.map((key) => ({
    key,
    name: quoteServiceNames[key][lang],
    tiers: quoteTiers[key].map(({ tierId, deliveryDays }) => {
      const found = findTier(key, tierId);
      if (!found) throw new Error(`quote tier ${key}/${tierId} is not in the plan list`);
      return { id: tierId, name: found.tier.name[lang], price: found.tier.price, deliveryDays };
    }),
  }));
}

/** The spec's quote result: service, tier, basePrice, urgency, urgencyMultiplier, finalPrice, delivery, savings. */
export type QuoteResult = QuoteFigures & {
  service: string;
  tier: string;
  delivery: string;
  serviceKey: QuoteService;
  tierId: string;
};

/** A quote for a (service, tier, speed), or undefined when the tier does not belong to the service. */
export function quote(service: unknown, tierId: unknown, speed: Speed, lang: Lang = "en"): QuoteResult | undefined {
  if (!isQuoteService(service)) return undefined;
  const entry = quoteTiers[service].find((t) => t.tierId === tierId);
  const found = entry && findTier(service, entry.tierId);
  if (!entry || !found) return undefined;
  return {
    serviceKey: service,
    tierId: entry.tierId,
    service: quoteServiceNames[service][lang],
    tier: found.tier.name[lang],
    delivery: entry.deliveryDays,
    ...computeQuote(found.tier.price, speed),
  };
}

/** The speeds' names (quote calculator, cart, orders, mails). */
export const SPEED_NAMES: Record<Speed, Localized<string>> = {
  standard: { en: "Standard", ar: "عادي" },
  express: { en: "Express", ar: "سريع" },
  "same-day": { en: "Same-day", ar: "في اليوم نفسه" },
};

/** How a line at a faster speed is labelled: "Express (×1.5)"; nothing for the standard speed. */
export function speedLabel(speed: Speed, lang: Lang): string | null {
  if (speed === "standard") return null;
  const multiplier = new Intl.NumberFormat(lang === "ar" ? "ar-AE-u-nu-latn" : "en-AE").format(
    SPEED_MULTIPLIERS[speed],
  );
  return `${SPEED_NAMES[speed][lang]} (×${multiplier})`;
}

/**
 * A cart or order line's tier and unit price (fils): the catalogue price at the standard speed;
 * at a faster speed the quote's final price (multiplier applied, rounded to whole dirhams), for
 * the tiers the quote calculator offers only. Undefined for anything else: such a line is not sold.
 */
export function priceLine(
  serviceType: unknown,
  tierId: unknown,
  speed: Speed = "standard",
): { list: PlanList; tier: PlanTier; unitPrice: number } | undefined {
  const found = findTier(serviceType, tierId);
  if (!found) return undefined;
  if (speed === "standard") return { ...found, unitPrice: found.tier.price };
  const quoted = quote(serviceType, tierId, speed);
  return quoted ? { ...found, unitPrice: quoted.finalPrice } : undefined;
}
