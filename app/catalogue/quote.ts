/**
 * The quote arithmetic of the spec: final price = base price × speed multiplier, rounded to whole
 * dirhams; savings = 10% of the base price, except 0 for standard speed. Pure and free of catalogue
 * data, so the quote calculator can run it in the browser on tiers its loader sent.
 */
import type { Speed } from "./speeds";

export { isSpeed, SPEEDS, type Speed } from "./speeds";

export const SPEED_MULTIPLIERS: Record<Speed, number> = { standard: 1, express: 1.5, "same-day": 2.5 };

export type QuoteFigures = {
  /** Fils. */
  basePrice: number;
  urgency: Speed;
  urgencyMultiplier: number;
  /** Fils, a whole number of dirhams. */
  finalPrice: number;
  /** Fils. */
  savings: number;
};

export function computeQuote(basePrice: number, speed: Speed): QuoteFigures {
  const multiplier = SPEED_MULTIPLIERS[speed];
  // The spec rounds in dirhams: 695 × 1.5 = 1042.5 → AED 1,043.
  const finalPrice = Math.round((basePrice / 100) * multiplier) * 100;
  const savings = speed === "standard" ? 0 : Math.round(basePrice * 0.1);
  return { basePrice, urgency: speed, urgencyMultiplier: multiplier, finalPrice, savings };
}
