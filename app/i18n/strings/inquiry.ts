/**
 * Strings of the inquiry feature shown in the site shell (every page), in English and Arabic. The
 * Arabic object has the English one's type: a missing key is a type error.
 */
const en = {};

export type InquiryStrings = typeof en;

const ar: InquiryStrings = {};

export const inquiryStrings = { en, ar };
