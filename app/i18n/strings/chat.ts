/**
 * Strings of the chat feature shown in the site shell (every page), in English and Arabic. The
 * Arabic object has the English one's type: a missing key is a type error.
 */
const en = {};

export type ChatStrings = typeof en;

const ar: ChatStrings = {};

export const chatStrings = { en, ar };
