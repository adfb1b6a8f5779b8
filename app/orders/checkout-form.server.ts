import * as z from "zod";
import type { CheckoutText } from "../content/checkout.server";
import { fill } from "../i18n/fill";
import { cleanText } from "../http/clean-text.server";
import { normalizePhone } from "../i18n/phone";

/** The spec's maximum lengths (section 5). */
export const CHECKOUT_MAX_LENGTHS = {
  legalName: 100,
  phone: 20,
  email: 100,
  state: 50,
  description: 1000,
  documentLink: 500,
  couponCode: 40,
  companyName: 150,
  companyTrn: 20,
} as const;

/** A UAE Tax Registration Number: 15 digits (spaces and dashes as typed are ignored). */
export function normalizeTrn(value: string) {
  return value.replace(/[\s-]/g, "");
}
export function isValidTrn(value: string) {
  return /^\d{15}$/.test(normalizeTrn(value));
}

/**
 * Local UAE numbers ("050 123 4567", "04 123 4567") and international ones by the spec's rule
 * (optional +, first digit 1–9, at most 16 digits; spaces ignored): app/i18n/phone.ts.
 */
export function isValidPhone(value: string) {
  return normalizePhone(value) !== undefined;
}

/** Cleans text; what is left empty counts as not given (Conform sends empty fields as undefined too). */
const cleaned = (value: unknown) => {
  if (typeof value !== "string") return value;
  const text = cleanText(value);
  return text === "" ? undefined : text;
};
const cleanedMultiline = (value: unknown) => {
  if (typeof value !== "string") return value;
  const text = cleanText(value, { multiline: true });
  return text === "" ? undefined : text;
};

/**
 * The checkout form, validated in the spec's order (legal name, e-mail, phone; the total is
 * checked by the action against the priced cart). Text is cleaned before it is judged.
 */
export function checkoutSchema(text: CheckoutText) {
  const max = (n: number) => fill(text.errors.tooLong, { max: n });
  const optionalText = (limit: number) => z.preprocess(cleaned, z.string().max(limit, max(limit)).optional());
  return z.object({
    legalName: z.preprocess(
      cleaned,
      z
        .string({ message: text.errors.legalName })
        .min(1, text.errors.legalName)
        .max(CHECKOUT_MAX_LENGTHS.legalName, max(CHECKOUT_MAX_LENGTHS.legalName)),
    ),
    email: z.preprocess(
      cleaned,
      z.email({ message: text.errors.email }).max(CHECKOUT_MAX_LENGTHS.email, max(CHECKOUT_MAX_LENGTHS.email)),
    ),
    phone: z.preprocess(
      cleaned,
      z
        .string({ message: text.errors.phone })
        .max(CHECKOUT_MAX_LENGTHS.phone, max(CHECKOUT_MAX_LENGTHS.phone))
        .refine(isValidPhone, text.errors.phone)
        // Stored as E.164 (+971501234567), however it was typed.
        .transform((value) => normalizePhone(value)!),
    ),
    state: optionalText(CHECKOUT_MAX_LENGTHS.state),
    description: z.preprocess(
      cleanedMultiline,
      z.string().max(CHECKOUT_MAX_LENGTHS.description, max(CHECKOUT_MAX_LENGTHS.description)).optional(),
    ),
    documentLink: z.preprocess(
      cleaned,
      z
        .string()
        .max(CHECKOUT_MAX_LENGTHS.documentLink, max(CHECKOUT_MAX_LENGTHS.documentLink))
        .refine((value) => /^https?:\/\/[^\s/]+\S*$/i.test(value) && URL.canParse(value), text.errors.link)
        .optional(),
    ),
    couponCode: z.preprocess(cleaned, z.string().max(CHECKOUT_MAX_LENGTHS.couponCode, text.errors.coupon).optional()),
    // For the tax invoice of a company: its name and UAE TRN, both optional.
    companyName: optionalText(CHECKOUT_MAX_LENGTHS.companyName),
    companyTrn: z.preprocess(
      cleaned,
      z
        .string()
        .max(CHECKOUT_MAX_LENGTHS.companyTrn, text.errors.trn)
        .refine(isValidTrn, text.errors.trn)
        .transform(normalizeTrn)
        .optional(),
    ),
  });
}

export type CheckoutDetails = z.infer<ReturnType<typeof checkoutSchema>>;
