import { aboutContent } from "../content/about.server";
import { askLawyerContent } from "../content/ask-lawyer.server";
import { backgroundChecksContent, backgroundChecksGccContent } from "../content/background-checks.server";
import {
  clientCreditCheckContent,
  employeeCheckContent,
  receivableManagementContent,
} from "../content/business-services.server";
import {
  attorneyNetworkContent,
  careersContent,
  contactContent,
  partnersContent,
  technologyContent,
} from "../content/company.server";
import { companyFormationContent, contractsReviewContent } from "../content/contracts-and-formation.server";
import { courtPoliceCaseCheckContent } from "../content/court-police-case-check.server";
import { homeContent } from "../content/home.server";
import { laborBanCheckContent } from "../content/labor-ban-check.server";
import {
  dataRetentionPolicyContent,
  partnerAgreementContent,
  privacyPolicyContent,
  refundPolicyContent,
  termsOfServiceContent,
} from "../content/legal.server";
import type { PageSource } from "../content/page.server";
import { quotePageContent } from "../content/quote.server";
import { requestCheckContent } from "../content/request-check.server";
import {
  complianceAuditContent,
  documentAuthenticationContent,
  legalConsultationContent,
} from "../content/services.server";
import { travelBanAppealContent } from "../content/travel-ban-appeal.server";
import { travelBanCheckContent } from "../content/travel-ban-check.server";
import type { Lang } from "../i18n/lang";
import type { SiteConfig } from "../root-data";

/**
 * Where each public page's content lives, to read the date its text last changed (`updated`) for
 * the sitemap's lastmod. Every path of app/content/public-routes.ts is here (a unit test checks).
 */
const contentPages: Record<string, PageSource> = {
  "/": homeContent,
  "/ban-checks/travel-ban-check": travelBanCheckContent,
  "/ban-checks/travel-ban-appeal": travelBanAppealContent,
  "/ban-checks/labor-ban-check": laborBanCheckContent,
  "/ban-checks/court-police-case-check": courtPoliceCaseCheckContent,
  "/ask-lawyer": askLawyerContent,
  "/about": aboutContent,
  "/quote": quotePageContent,
  "/for-business/background-checks": backgroundChecksContent,
  "/for-business/background-checks-gcc": backgroundChecksGccContent,
  "/for-business/contracts-review": contractsReviewContent,
  "/for-business/client-credit-check": clientCreditCheckContent,
  "/for-business/receivable-management": receivableManagementContent,
  "/for-business/employee-check": employeeCheckContent,
  "/startup-uae/company-formation": companyFormationContent,
  "/services/document-authentication": documentAuthenticationContent,
  "/services/legal-consultation": legalConsultationContent,
  "/services/compliance-audit": complianceAuditContent,
  "/technology": technologyContent,
  "/careers": careersContent,
  "/partners": partnersContent,
  "/attorney-network": attorneyNetworkContent,
  "/contact": contactContent,
  "/privacy-policy": privacyPolicyContent,
  "/data-retention-policy": dataRetentionPolicyContent,
  "/terms-of-service": termsOfServiceContent,
  "/refund-policy": refundPolicyContent,
  "/partner-agreement": partnerAgreementContent,
};

/** The content of the public page at `path` in `lang` (its text and `updated` date), or undefined. */
export function publicPageContent(path: string, lang: Lang, site: SiteConfig): { updated: string } | undefined {
  if (path === "/request-check") return requestCheckContent(lang);
  const source = contentPages[path];
  if (!source) return undefined;
  return typeof source === "function" ? source(lang, site) : source[lang];
}

/** The date (YYYY-MM-DD) the page at `path` last changed in `lang`, or undefined for a path with no content module. */
export function pageUpdated(path: string, lang: Lang, site: SiteConfig): string | undefined {
  return publicPageContent(path, lang, site)?.updated;
}
