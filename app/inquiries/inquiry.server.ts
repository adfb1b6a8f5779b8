import { eq } from "drizzle-orm";
import * as z from "zod";
import { inquiries, type InquiryKind } from "../../db/schema";
import { SERVICE_KEYS, serviceName, type ServiceKey } from "../catalogue/services";
import { db } from "../db.server";
import { getEnv, siteName } from "../env.server";
import { formatDateTime } from "../i18n/format";
import { fill } from "../i18n/fill";
import type { Lang } from "../i18n/lang";
import { inquiryStrings } from "../i18n/strings/inquiry";
import { renderEmail } from "../mail/layout.server";
import { queueMail } from "../mail/outbox.server";
import { optionalCleanString, requiredCleanString } from "../http/clean-text.server";
import { GCC_PHONE_COUNTRIES, normalizePhone, phoneCountryOf } from "../i18n/phone";
import { contentFingerprint } from "../forms/submission-keys.server";

/** The spec's country options: stored values, labels in app/i18n/strings/inquiry.ts. */
export const COUNTRY_VALUES = ["UAE", "Saudi Arabia", "Kuwait", "Qatar", "Bahrain", "Oman", "Other"] as const;
export type Country = (typeof COUNTRY_VALUES)[number];

/** Longest accepted values; the form carries the same numbers as maxlength. */
export const INQUIRY_LIMITS = {
  fullName: 100,
  email: 254,
  phone: 30,
  documentId: 50,
  message: 1000,
  nationality: 60,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A phone number as typed (local UAE formats or international), checked and turned into E.164. */
function phoneField(lang: Lang) {
  const t = inquiryStrings[lang].errors;
  return requiredCleanString(t.phone, {
    max: INQUIRY_LIMITS.phone,
    tooLong: fill(t.tooLong, { max: INQUIRY_LIMITS.phone }),
  })
    .refine((value) => normalizePhone(value) !== undefined, t.phone)
    .transform((value) => normalizePhone(value)!);
}

/** Shared field rules of every lead form, with messages in the visitor's language. */
export function leadFields(lang: Lang) {
  const t = inquiryStrings[lang].errors;
  const tooLong = (max: number) => fill(t.tooLong, { max });
  return {
    fullName: requiredCleanString(t.fullName, {
      max: INQUIRY_LIMITS.fullName,
      tooLong: tooLong(INQUIRY_LIMITS.fullName),
    }),
    email: z
      .string({ error: t.email })
      .trim()
      .max(INQUIRY_LIMITS.email, tooLong(INQUIRY_LIMITS.email))
      .pipe(z.email({ error: t.email })),
    /** Local UAE numbers and international ones, stored as E.164 (app/i18n/phone.ts). */
    phone: phoneField(lang),
    consent: z.literal("on", { error: t.consent }),
    /** The page the form is on (a site path), for the redirect back and source_page_url. */
    sourcePage: z.string().optional(),
    /** A random id per page load: a double-clicked submit is stored once. Anything else is ignored. */
    submissionId: z
      .string()
      .optional()
      .transform((value) => (value && UUID.test(value) ? value.toLowerCase() : undefined)),
  };
}

/** The inquiry form of every service page (spec: fields, options, consent). */
export function inquirySchema(lang: Lang) {
  const t = inquiryStrings[lang].errors;
  const tooLong = (max: number) => fill(t.tooLong, { max });
  return z
    .object({
      ...leadFields(lang),
      // A number of some GCC plan or an international one here; checked again below with the chosen
      // country, whose local formats count as well as the UAE's.
      phone: requiredCleanString(t.phone, { max: INQUIRY_LIMITS.phone, tooLong: tooLong(INQUIRY_LIMITS.phone) }).refine(
        (value) => GCC_PHONE_COUNTRIES.some((country) => normalizePhone(value, country) !== undefined),
        t.phone,
      ),
      country: z.enum(COUNTRY_VALUES, { error: t.country }),
      documentId: optionalCleanString({ max: INQUIRY_LIMITS.documentId, tooLong: tooLong(INQUIRY_LIMITS.documentId) }),
      serviceType: z.enum(SERVICE_KEYS, { error: t.serviceType }).default("general"),
      message: optionalCleanString({
        max: INQUIRY_LIMITS.message,
        multiline: true,
        tooLong: tooLong(INQUIRY_LIMITS.message),
      }),
    })
    .superRefine((value, ctx) => {
      if (!normalizePhone(value.phone, phoneCountryOf(value.country)))
        ctx.addIssue({ code: "custom", path: ["phone"], message: t.phone });
    })
    .transform((value) => ({ ...value, phone: normalizePhone(value.phone, phoneCountryOf(value.country))! }));
}

export type NewLead = {
  kind: InquiryKind;
  fullName: string;
  email: string;
  phone: string;
  country?: string | undefined;
  documentId?: string | undefined;
  serviceType: ServiceKey;
  message?: string | undefined;
  details?: Record<string, string>;
  sourcePageUrl?: string | undefined;
  submissionId?: string | undefined;
  lang: Lang;
};

export type StoredLead = { id: string; reference: string; duplicate: boolean; createdAt: Date };

/** A short reference the visitor can quote: the first 8 characters of the id. */
export const referenceOf = (id: string) => id.slice(0, 8).toUpperCase();

/**
 * Stores an inquiry (or check request, or wizard request) and queues the visitor's
 * acknowledgement and the staff notification in the same transaction: the mails exist exactly
 * when the inquiry does. A repeated submission id (a double-click) stores and mails nothing new
 * and returns the first inquiry.
 */
export async function storeLead(lead: NewLead, now = new Date()): Promise<StoredLead> {
  // Keys are per kind of form (the inquiry and the travel check on one page start with the same page
  // token) and per content: another inquiry sent from a page the browser kept is not a repeat.
  const { submissionId, ...content } = lead;
  const submissionKey = submissionId ? `${lead.kind}:${submissionId}:${contentFingerprint(content)}` : null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(inquiries)
      .values({
        kind: lead.kind,
        fullName: lead.fullName,
        email: lead.email,
        phone: lead.phone,
        country: lead.country ?? null,
        documentId: lead.documentId ?? null,
        serviceType: lead.serviceType,
        message: lead.message ?? null,
        details: lead.details ?? {},
        consentAt: now,
        sourcePageUrl: lead.sourcePageUrl ?? null,
        lang: lead.lang,
        submissionId: submissionKey,
      })
      .onConflictDoNothing({ target: inquiries.submissionId })
      .returning({ id: inquiries.id, createdAt: inquiries.createdAt });
    if (!row) {
      const [first] = await tx
        .select({ id: inquiries.id, createdAt: inquiries.createdAt })
        .from(inquiries)
        .where(eq(inquiries.submissionId, submissionKey!));
      if (!first) throw new Error("duplicate submission id without a stored inquiry");
      return { id: first.id, reference: referenceOf(first.id), duplicate: true, createdAt: first.createdAt };
    }
    const reference = referenceOf(row.id);
    await queueMail(tx, { to: lead.email, kind: `${lead.kind}-ack`, ...acknowledgement(lead, reference) });
    await queueMail(tx, {
      to: getEnv().STAFF_EMAIL,
      kind: `${lead.kind}-staff`,
      ...staffNotification(lead, row.id, reference, row.createdAt),
    });
    return { id: row.id, reference, duplicate: false, createdAt: row.createdAt };
  });
}

const ackText = {
  en: {
    subject: {
      inquiry: "We received your inquiry",
      "travel-check": "We received your travel ban check request",
      wizard: "We received your travel ban check request",
    },
    greeting: "Dear {name},",
    thanks: "Thank you for contacting {site}. Our legal team will review your request and contact you within 24 hours.",
    travel:
      "A specialist is checking the official records for you. The headline result is sent to this address within 2 minutes of verifying your details; we never guess or show an automatic result.",
    reference: "Reference",
    service: "Service",
    reply: "If anything changes, simply reply to this e-mail and quote your reference.",
  },
  ar: {
    subject: {
      inquiry: "وصلنا استفسارك",
      "travel-check": "وصلنا طلب فحص حظر السفر",
      wizard: "وصلنا طلب فحص حظر السفر",
    },
    greeting: "عزيزي/عزيزتي {name}،",
    thanks: "شكراً لتواصلك مع {site}. سيراجع فريقنا القانوني استفسارك ويتواصل معك خلال 24 ساعة.",
    travel:
      "يتحقق مختص الآن من السجلات الرسمية من أجلك. نرسل النتيجة الأولية إلى هذا العنوان خلال دقيقتين من التحقق من بياناتك، ولا نخمّن أو نعرض نتيجة آلية أبداً.",
    reference: "الرقم المرجعي",
    service: "الخدمة",
    reply: "إذا تغيّر أي شيء، يكفي أن ترد على هذه الرسالة مع ذكر الرقم المرجعي.",
  },
} satisfies Record<Lang, unknown>;

function acknowledgement(lead: NewLead, reference: string) {
  const t = ackText[lead.lang];
  const site = siteName(lead.lang);
  const paragraphs = [fill(t.thanks, { site })];
  if (lead.kind !== "inquiry") paragraphs.push(t.travel);
  paragraphs.push(t.reply);
  return renderEmail(
    {
      subject: t.subject[lead.kind],
      greeting: fill(t.greeting, { name: lead.fullName }),
      paragraphs,
      details: [
        [t.reference, reference],
        [t.service, serviceName(lead.serviceType, lead.lang)],
      ],
    },
    lead.lang,
  );
}

const kindLabel: Record<InquiryKind, string> = {
  inquiry: "Inquiry",
  "travel-check": "Travel ban check request",
  wizard: "Quick check request (wizard)",
};

/** Staff read English: the notification lists every field as stored. */
function staffNotification(lead: NewLead, id: string, reference: string, createdAt: Date) {
  const env = getEnv();
  const details: Array<[string, string]> = [
    ["Reference", reference],
    ["Type", kindLabel[lead.kind]],
    ["Service", `${serviceName(lead.serviceType, "en")} (${lead.serviceType})`],
    ["Name", lead.fullName],
    ["E-mail", lead.email],
    ["Phone", lead.phone],
  ];
  if (lead.country) details.push(["Country", lead.country]);
  if (lead.documentId) details.push(["Document ID", lead.documentId]);
  for (const [key, value] of Object.entries(lead.details ?? {})) details.push([key, value]);
  details.push(
    ["Language", lead.lang],
    ["Page", lead.sourcePageUrl ?? "-"],
    ["Received", formatDateTime(createdAt, "en")],
  );
  return renderEmail({
    subject: `New ${kindLabel[lead.kind].toLowerCase()}: ${serviceName(lead.serviceType, "en")} from ${lead.fullName}`,
    paragraphs: [
      lead.message ? `Message:\n${lead.message}` : "No message.",
      `Please contact the visitor within 24 hours. Inquiry id: ${id}`,
    ],
    details,
    action: { label: "Open inquiries", url: `${env.SITE_URL}/admin/inquiries` },
  });
}
