/**
 * Strings of the accounts feature shown in the site shell (header account link and sign-out), in
 * English and Arabic. The Arabic object has the English one's type: a missing key is a type error.
 */
const en = {
  signOut: "Sign Out",
  admin: "Admin",
  cases: "Cases",
  accountMenu: "Your account",
};

export type AccountStrings = typeof en;

const ar: AccountStrings = {
  signOut: "تسجيل الخروج",
  admin: "الإدارة",
  cases: "القضايا",
  accountMenu: "حسابك",
};

export const accountStrings = { en, ar };
