/**
 * Strings of the cart feature shown in the site shell (every page), in English and Arabic. The
 * Arabic object has the English one's type: a missing key is a type error.
 */
const en = {};

export type CartStrings = typeof en;

const ar: CartStrings = {};

export const cartStrings = { en, ar };
