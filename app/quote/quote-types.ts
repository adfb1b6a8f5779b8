import type { Speed } from "../catalogue/quote";
import type { QuoteServiceView } from "../catalogue/quote-tiers";

/** What the quote calculator needs, in one language (built by quote.server.ts, sent by the page's loader). */
export type QuoteCalculatorData = {
  services: QuoteServiceView[];
  speeds: Array<{ key: Speed; label: string; hint: string }>;
  text: QuoteText;
};

export type QuoteText = {
  service: string;
  chooseService: string;
  tier: string;
  chooseTier: string;
  chooseServiceFirst: string;
  tierNotOffered: string;
  speed: string;
  updateTiers: string;
  calculate: string;
  reset: string;
  missing: string;
  resultTitle: string;
  basePrice: string;
  urgency: string;
  multiplier: string;
  finalPrice: string;
  delivery: string;
  deliveryDays: string;
  savings: string;
  addToCart: string;
};
