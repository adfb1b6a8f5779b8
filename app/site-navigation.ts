import type { UiStrings } from "./i18n/ui.en";

type LinkKey = keyof UiStrings["nav"]["links"];
export type NavLink = { to: string; label: LinkKey };
export type NavGroup = { id: string; label: "banChecks" | "forBusiness" | "services"; links: NavLink[] };

/** The site's navigation; labels are keys of the UI dictionary, paths are English (localised when rendered). */
export const navGroups: NavGroup[] = [
  {
    id: "ban-checks",
    label: "banChecks",
    links: [
      { to: "/ban-checks/travel-ban-check", label: "travelBanCheck" },
      { to: "/ban-checks/travel-ban-appeal", label: "travelBanAppeal" },
      { to: "/ban-checks/labor-ban-check", label: "laborBanCheck" },
      { to: "/ban-checks/court-police-case-check", label: "courtPoliceCaseCheck" },
    ],
  },
  {
    id: "for-business",
    label: "forBusiness",
    links: [
      { to: "/for-business/background-checks", label: "backgroundChecks" },
      { to: "/for-business/background-checks-gcc", label: "backgroundChecksGcc" },
      { to: "/for-business/contracts-review", label: "contractsReview" },
      { to: "/for-business/client-credit-check", label: "clientCreditCheck" },
      { to: "/for-business/receivable-management", label: "receivableManagement" },
      { to: "/for-business/employee-check", label: "employeeCheck" },
    ],
  },
  {
    id: "services",
    label: "services",
    links: [
      { to: "/startup-uae/company-formation", label: "companyFormation" },
      { to: "/services/document-authentication", label: "documentAuthentication" },
      { to: "/services/legal-consultation", label: "legalConsultation" },
      { to: "/services/compliance-audit", label: "complianceAudit" },
    ],
  },
];

export const topLinks: Array<{ to: string; label: "askLawyer" | "about" }> = [
  { to: "/ask-lawyer", label: "askLawyer" },
  { to: "/about", label: "about" },
];

export const footerCompanyLinks: NavLink[] = [
  { to: "/technology", label: "technology" },
  { to: "/careers", label: "careers" },
  { to: "/partners", label: "partners" },
  { to: "/attorney-network", label: "attorneyNetwork" },
  { to: "/contact", label: "contact" },
];

export const footerLegalLinks: NavLink[] = [
  { to: "/privacy-policy", label: "privacyPolicy" },
  { to: "/data-retention-policy", label: "dataRetentionPolicy" },
  { to: "/terms-of-service", label: "termsOfService" },
  { to: "/refund-policy", label: "refundPolicy" },
  { to: "/partner-agreement", label: "partnerAgreement" },
];
