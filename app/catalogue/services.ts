import type { Lang } from "../i18n/lang";

export type Localized<T> = Record<Lang, T>;

/** The service keys of the spec: inquiries, check requests and orders name their service with one. */
export const SERVICE_KEYS = [
  "general",
  "travel-ban-check",
  "travel-ban-appeal",
  "labor-ban-check",
  "court-police-case-check",
  "background-check",
  "background-check-gcc",
  "contract-review",
  "company-formation",
  // The ask-a-lawyer page's inquiry form (transactions spec, ask-a-lawyer page).
  "legal-consultation",
] as const;
export type ServiceKey = (typeof SERVICE_KEYS)[number];

export function isServiceKey(value: unknown): value is ServiceKey {
  return typeof value === "string" && (SERVICE_KEYS as readonly string[]).includes(value);
}

export type Service = {
  key: ServiceKey;
  name: Localized<string>;
  /** The page the service belongs to (English path; localised when linked). */
  path: string;
};

export const services: Record<ServiceKey, Service> = {
  general: { key: "general", name: { en: "General Inquiry", ar: "استفسار عام" }, path: "/contact" },
  "travel-ban-check": {
    key: "travel-ban-check",
    name: { en: "Travel Ban Check", ar: "فحص حظر السفر" },
    path: "/ban-checks/travel-ban-check",
  },
  "travel-ban-appeal": {
    key: "travel-ban-appeal",
    name: { en: "Travel Ban Appeal", ar: "التظلم من حظر السفر" },
    path: "/ban-checks/travel-ban-appeal",
  },
  "labor-ban-check": {
    key: "labor-ban-check",
    name: { en: "Labor Ban Check", ar: "فحص حظر العمل" },
    path: "/ban-checks/labor-ban-check",
  },
  "court-police-case-check": {
    key: "court-police-case-check",
    name: { en: "Court & Police Case Check", ar: "فحص القضايا والبلاغات" },
    path: "/ban-checks/court-police-case-check",
  },
  "background-check": {
    key: "background-check",
    name: { en: "Background Check", ar: "التحقق من الخلفية" },
    path: "/for-business/background-checks",
  },
  "background-check-gcc": {
    key: "background-check-gcc",
    name: { en: "GCC Background Check", ar: "التحقق من الخلفية في دول الخليج" },
    path: "/for-business/background-checks-gcc",
  },
  "contract-review": {
    key: "contract-review",
    name: { en: "Contract Review", ar: "مراجعة العقود" },
    path: "/for-business/contracts-review",
  },
  "company-formation": {
    key: "company-formation",
    name: { en: "Company Formation", ar: "تأسيس الشركات" },
    path: "/startup-uae/company-formation",
  },
  "legal-consultation": {
    key: "legal-consultation",
    name: { en: "Legal Consultation", ar: "استشارة قانونية" },
    path: "/ask-lawyer",
  },
};

export function serviceName(key: ServiceKey, lang: Lang = "en") {
  return services[key].name[lang];
}
