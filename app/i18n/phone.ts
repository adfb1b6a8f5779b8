/**
 * Phone numbers as people in the UAE and the GCC write them, stored in one form (E.164,
 * "+971501234567"). Plain functions, no dependencies: the request wizard checks numbers in the
 * browser with the same rules as the server.
 *
 * Accepted:
 * - local numbers of the UAE — mobiles "050 123 4567" (also "50 123 4567"), landlines
 *   "04 123 4567" — and of the GCC country the form names, when it names one
 *   ("0551234567" for Saudi Arabia, "9876 5432" for Kuwait…);
 * - the same numbers with their country code ("+971 50 123 4567", "00971…", "+971 (0)50…");
 *   a GCC country code must be followed by a number of that country's plan;
 * - any other international number by the spec's rule (optional +, first digit 1-9, at most 16
 *   digits), with at least 7 digits: a shorter one cannot be a phone number anywhere.
 * Spaces, dashes, dots and brackets are ignored.
 */
export const GCC_PHONE_COUNTRIES = ["AE", "SA", "KW", "QA", "BH", "OM"] as const;
export type GccPhoneCountry = (typeof GCC_PHONE_COUNTRIES)[number];

type Plan = {
  code: string;
  /** The national number (without the trunk 0 of countries that have one). */
  national: RegExp;
  /** Written at home with a leading 0 (UAE, Saudi Arabia) or not (Kuwait, Qatar, Bahrain, Oman). */
  trunk: boolean;
};

const PLANS: Record<GccPhoneCountry, Plan> = {
  // Mobiles 5X XXX XXXX; landlines 2, 3, 4, 6, 7, 9 + 7 digits; 600/800 service numbers.
  AE: { code: "971", national: /^(?:5\d{8}|[234679]\d{7}|[68]00\d{4,7})$/, trunk: true },
  // Mobiles 5X XXX XXXX; landlines 1X XXX XXXX; 800/920 service numbers.
  SA: { code: "966", national: /^(?:5\d{8}|1\d{8}|800\d{7}|920\d{6})$/, trunk: true },
  KW: { code: "965", national: /^[124569]\d{7}$/, trunk: false },
  QA: { code: "974", national: /^(?:[3-7]\d{7}|800\d{4})$/, trunk: false },
  BH: { code: "973", national: /^[136]\d{7}$/, trunk: false },
  OM: { code: "968", national: /^[279]\d{7}$/, trunk: false },
};

/** The country of an inquiry form's country option ("UAE", "Saudi Arabia"…); undefined for "Other". */
export function phoneCountryOf(option: string | undefined | null): GccPhoneCountry | undefined {
  switch (option) {
    case "UAE":
      return "AE";
    case "Saudi Arabia":
      return "SA";
    case "Kuwait":
      return "KW";
    case "Qatar":
      return "QA";
    case "Bahrain":
      return "BH";
    case "Oman":
      return "OM";
    default:
      return undefined;
  }
}

/** The number in a local format of `country` (with or without its trunk 0), as E.164; undefined otherwise. */
function fromLocal(digits: string, country: GccPhoneCountry): string | undefined {
  const plan = PLANS[country];
  if (plan.trunk) {
    if (digits.startsWith("0") && !digits.startsWith("00") && plan.national.test(digits.slice(1)))
      return `+${plan.code}${digits.slice(1)}`;
    // A UAE mobile written without its 0 ("50 123 4567"), and the 600/800 service numbers, which have none.
    if (country === "AE" && /^(?:5\d{8}|[68]00\d{4,7})$/.test(digits)) return `+${plan.code}${digits}`;
    return undefined;
  }
  return plan.national.test(digits) ? `+${plan.code}${digits}` : undefined;
}

/** A number that starts with a country code (the + or 00 already removed), as E.164; undefined when it is not one. */
function fromInternational(digits: string): string | undefined {
  for (const plan of Object.values(PLANS)) {
    if (!digits.startsWith(plan.code)) continue;
    // "+971 (0)50…": the trunk 0 written after the country code is dropped.
    const national = digits.slice(plan.code.length).replace(/^0/, "");
    return plan.national.test(national) ? `+${plan.code}${national}` : undefined;
  }
  // The spec's rule: first digit 1-9, at most 16 digits; and at least 7.
  return /^[1-9]\d{6,15}$/.test(digits) ? `+${digits}` : undefined;
}

/**
 * The number as E.164 ("+971501234567"), or undefined when it is not a phone number we accept.
 * `country`: the GCC country the form names, whose local formats are accepted besides the UAE's.
 */
export function normalizePhone(value: string, country?: GccPhoneCountry): string | undefined {
  if (typeof value !== "string" || value.length > 40) return undefined;
  let compact = value.trim().replace(/[\s\-.()\u00a0]/g, "");
  if (!/^(?:\+|00)?\d+$/.test(compact)) return undefined;
  const international = compact.startsWith("+") || compact.startsWith("00");
  compact = compact.replace(/^(?:\+|00)/, "");
  if (international) return fromInternational(compact);
  // Written without + or 00: a local number of the named country, then of the UAE, else an international one without its +.
  for (const local of new Set<GccPhoneCountry>([country ?? "AE", "AE"])) {
    const found = fromLocal(compact, local);
    if (found) return found;
  }
  if (compact.startsWith("0")) return undefined;
  return fromInternational(compact);
}

/** An E.164 number as people read it: UAE numbers grouped ("+971 55 765 4321", "+971 4 123 4567"), others as stored. */
export function displayPhone(e164: string): string {
  const uae = /^\+971(5\d|[234679])(\d{3})(\d{4})$/.exec(e164);
  return uae ? `+971 ${uae[1]} ${uae[2]} ${uae[3]}` : e164;
}

/** True when the number is a GCC number (after normalising). */
export function isGccNumber(e164: string) {
  return Object.values(PLANS).some((plan) => e164.startsWith(`+${plan.code}`));
}
