/** The quote's delivery speeds (spec section 9). Apart from the quote arithmetic: the cart's rules need only these. */
export const SPEEDS = ["standard", "express", "same-day"] as const;
export type Speed = (typeof SPEEDS)[number];

export function isSpeed(value: unknown): value is Speed {
  return typeof value === "string" && (SPEEDS as readonly string[]).includes(value);
}
