/**
 * The request wizard's field rules, plain functions shared by the server (inside its zod schema)
 * and the browser (instant step changes with JavaScript), so both always agree. No zod here: this
 * module is bundled for the browser.
 */
export const WIZARD_FIELDS = ["fullName", "emiratesId", "passportNumber", "phoneNumber", "email"] as const;
export type WizardField = (typeof WIZARD_FIELDS)[number];
export type WizardValues = Record<WizardField, string>;

/** The fields of each step (step 3, Payment, has none: it shows the summary). */
export const STEP_FIELDS: Record<1 | 2 | 3, WizardField[]> = {
  1: ["fullName", "emiratesId", "passportNumber"],
  2: ["phoneNumber", "email"],
  3: [],
};
export const LAST_STEP = 3;

export const WIZARD_LIMITS: Record<WizardField, number> = {
  fullName: 100,
  emiratesId: 18,
  passportNumber: 12,
  phoneNumber: 20,
  email: 254,
};

/** Error keys; the texts are in the page's language (app/content/request-check.server.ts). */
export type WizardError = "fullName" | "emiratesId" | "passportNumber" | "phoneNumber" | "email" | "tooLong";

const EMIRATES_ID = /^784-?\d{4}-?\d{7}-?\d$/;
const PASSPORT = /^[A-Z0-9]{6,12}$/;
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;

/** 784-XXXX-XXXXXXX-X from what was typed (spaces or dashes anywhere), or undefined. */
export function formatEmiratesId(value: string): string | undefined {
  const compact = value.replace(/[\s-]/g, "");
  if (!EMIRATES_ID.test(compact)) return undefined;
  return `${compact.slice(0, 3)}-${compact.slice(3, 7)}-${compact.slice(7, 14)}-${compact.slice(14)}`;
}

/**
 * The browser's quick check of a GCC phone number: a local UAE one ("050 123 4567", "04 123
 * 4567", "50 123 4567") or one with a GCC country code ("+971 50 123 4567", "00966…"). The
 * server also checks it against the country's numbering plan and stores it as E.164
 * (app/i18n/phone.ts: too big to send to this public page for the few numbers it alone refuses).
 */
const GCC_PHONE = /^(?:(?:\+|00)(?:971|966|965|974|973|968)|0|[568])\d{6,11}$/;
export function looksLikeGccPhone(value: string) {
  return GCC_PHONE.test(value.replace(/[\s\-().]/g, ""));
}

/** The error of one field's value, or undefined when it is acceptable. */
export function wizardFieldError(field: WizardField, raw: string): WizardError | undefined {
  const value = raw.trim();
  if (value.length > WIZARD_LIMITS[field] + 10) return "tooLong";
  switch (field) {
    case "fullName":
      if (!value) return "fullName";
      return value.length > WIZARD_LIMITS.fullName ? "tooLong" : undefined;
    case "emiratesId":
      return formatEmiratesId(value) ? undefined : "emiratesId";
    case "passportNumber":
      // Optional; when given, 6 to 12 letters and digits.
      return !value || PASSPORT.test(value.replace(/\s/g, "").toUpperCase()) ? undefined : "passportNumber";
    case "phoneNumber":
      return looksLikeGccPhone(value) ? undefined : "phoneNumber";
    case "email":
      return EMAIL.test(value) && value.length <= WIZARD_LIMITS.email ? undefined : "email";
  }
}

/** The errors of the given step's fields. */
export function stepErrors(step: 1 | 2 | 3, values: Partial<WizardValues>): Partial<Record<WizardField, WizardError>> {
  const errors: Partial<Record<WizardField, WizardError>> = {};
  for (const field of STEP_FIELDS[step]) {
    const error = wizardFieldError(field, values[field] ?? "");
    if (error) errors[field] = error;
  }
  return errors;
}

export function clampStep(value: unknown): 1 | 2 | 3 {
  const n = Number(value);
  return n >= 3 ? 3 : n >= 2 ? 2 : 1;
}
