import type { AppLoadContext } from "@remix-run/node";
import * as z from "zod";
import { quickTravelBanCheck, timelines } from "../catalogue/marketing";
import { formatMoney } from "../i18n/format";
import type { Lang } from "../i18n/lang";
import { inquiryStrings } from "../i18n/strings/inquiry";
import { requiredCleanString } from "../http/clean-text.server";
import { displayPhone } from "../i18n/phone";
import { INQUIRY_LIMITS, leadFields } from "./inquiry.server";
import { handleLeadForm } from "./lead-action.server";

/** Emirates ID as 784-XXXX-XXXXXXX-X (dashes optional when typed). */
export const EMIRATES_ID = /^784-?\d{4}-?\d{7}-?\d$/;
const PASSPORT = /^[A-Z0-9]{6,12}$/;

/** An Emirates ID in its printed form, or a passport number in capitals; undefined when it is neither. */
export function normaliseIdNumber(value: string): { kind: "emirates-id" | "passport"; value: string } | undefined {
  const compact = value.replace(/[\s]/g, "").toUpperCase();
  if (EMIRATES_ID.test(compact)) {
    const digits = compact.replace(/-/g, "");
    return {
      kind: "emirates-id",
      value: `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7, 14)}-${digits.slice(14)}`,
    };
  }
  if (PASSPORT.test(compact)) return { kind: "passport", value: compact };
  return undefined;
}

/** The travel-ban check request: who to check, and how to reach them with the result. */
export function travelCheckSchema(lang: Lang) {
  const t = inquiryStrings[lang].travelCheck;
  return z.object({
    ...leadFields(lang),
    idNumber: z
      .string({ error: t.idError })
      .max(40, t.idError)
      .transform((value, ctx) => {
        const id = normaliseIdNumber(value);
        if (!id) {
          ctx.addIssue({ code: "custom", message: t.idError });
          return z.NEVER;
        }
        return id;
      }),
    nationality: requiredCleanString(t.nationalityError, { max: INQUIRY_LIMITS.nationality }),
  });
}

/** The travel-ban check form's action (POST /travel-check): stores a request, never a result. */
export function travelCheckAction(request: Request, context: Pick<AppLoadContext, "clientAddress">) {
  return handleLeadForm({
    request,
    context,
    formId: "travel-check",
    anchor: "check",
    schema: travelCheckSchema,
    toLead: (value, lang, sourcePageUrl) => ({
      kind: "travel-check",
      fullName: value.fullName,
      email: value.email,
      phone: value.phone,
      documentId: value.idNumber.value,
      serviceType: "travel-ban-check",
      details: { nationality: value.nationality, idType: value.idNumber.kind },
      sourcePageUrl,
      submissionId: value.submissionId,
      lang,
    }),
    resultData: (_stored, value, lang) => ({
      email: value.email,
      phone: displayPhone(value.phone),
      ...travelCheckFigures(lang),
    }),
    successNotice: (lang) => {
      const t = inquiryStrings[lang].travelCheck;
      return { kind: "success", title: t.resultTitle, description: inquiryStrings[lang].notices.successText };
    },
  });
}

/** Figures the result view shows, from the catalogue. */
export function travelCheckFigures(lang: Lang) {
  return { minutes: timelines.travelBanResult[lang], quickCheckPrice: formatMoney(quickTravelBanCheck.price, lang) };
}
