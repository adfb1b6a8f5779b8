import { accountStrings } from "./strings/account";
import { cartStrings } from "./strings/cart";
import { chatStrings } from "./strings/chat";
import { inquiryStrings } from "./strings/inquiry";
import { submitStrings } from "./strings/submit";

/**
 * Strings of the site's shell and shared components, in English. The Arabic dictionary has the
 * same type, so a key missing there is a type error. Page content lives in app/content.
 */
export const uiEn = {
  site: {
    skipToContent: "Skip to main content",
    tagline: "Legal intelligence for the UAE and the GCC",
    homeLink: "home page",
  },
  nav: {
    primary: "Main navigation",
    banChecks: "Ban Checks",
    forBusiness: "For Business",
    startup: "Company Formation",
    services: "Services",
    askLawyer: "Ask a Lawyer",
    about: "About",
    clientLogin: "Client Login",
    dashboard: "Dashboard",
    menu: "Menu",
    openSubmenu: "Show {section} links",
    links: {
      travelBanCheck: "Travel Ban Check",
      travelBanAppeal: "Travel Ban Appeal",
      laborBanCheck: "Labor Ban Check",
      courtPoliceCaseCheck: "Court & Police Case Check",
      backgroundChecks: "Background Checks",
      backgroundChecksGcc: "GCC Background Checks",
      contractsReview: "Contract Review",
      clientCreditCheck: "Client Credit Check",
      receivableManagement: "Receivable Management",
      employeeCheck: "Employee Check",
      companyFormation: "Company Formation",
      documentAuthentication: "Document Authentication",
      legalConsultation: "Legal Consultation",
      complianceAudit: "Compliance Audit",
      technology: "Technology",
      careers: "Careers",
      partners: "Partners",
      attorneyNetwork: "Attorney Network",
      contact: "Contact",
      privacyPolicy: "Privacy Policy",
      dataRetentionPolicy: "Data Retention Policy",
      termsOfService: "Terms of Service",
      refundPolicy: "Refund Policy",
      partnerAgreement: "Partner Agreement",
    },
  },
  language: {
    switchTo: "العربية",
    switchLabel: "اقرأ هذه الصفحة بالعربية",
    // The suggestion on English pages is addressed to a browser that prefers Arabic: it is in Arabic.
    suggestion: "هذه الصفحة متوفرة باللغة العربية.",
    suggestionLink: "اقرأها بالعربية",
    suggestionDismiss: "المتابعة بالإنجليزية",
    suggestionLabel: "اقتراح اللغة",
  },
  footer: {
    services: "Services",
    business: "For Business",
    company: "Company",
    legal: "Legal",
    contact: "Contact us",
    disclaimer:
      "{site} is a legal-information and document-services provider. It is not a law firm or a lawyer referral service and does not give legal or tax advice. Use of this site does not create an attorney-client relationship.",
    rights: "© {year} {site}. All rights reserved.",
    hours: "Office hours",
  },
  errors: {
    notFoundTitle: "Oops! Page not found",
    notFoundText: "The page you are looking for does not exist or has moved.",
    backHome: "Return to Home",
    serverErrorTitle: "Something went wrong",
    serverErrorText: "We could not complete your request. Please try again in a moment.",
    reference: "If it keeps happening, quote this reference to our team: {id}",
    unavailableTitle: "Service temporarily unavailable",
    unavailableText:
      "We are having trouble reaching our systems. Please try again in a minute; nothing you sent before this message was lost.",
  },
  common: {
    close: "Close",
    dismiss: "Dismiss",
    required: "required",
    optional: "optional",
    loading: "Loading…",
    errorSummary: "Please correct the highlighted fields.",
  },
  plans: {
    startingFrom: "Starting from",
    mostPopular: "Most Popular",
    addToCart: "Add to cart",
    selectPackage: "Select Package",
    delivery: "Delivery",
    includes: "What's included",
  },
  page: {
    lastUpdated: "Last updated: {date}",
    contactPhone: "Phone",
    contactEmail: "E-mail",
    contactHours: "Office hours",
  },
  seo: {
    /** First item of the breadcrumb trail search engines show. */
    home: "Home",
    /** The sharing cards (public/social/<section>-<lang>.png): the text drawn on each, which is also its alt text. */
    social: {
      default: {
        title: "Legal information for the UAE and the GCC",
        subtitle: "Travel ban checks · Background checks · Contract review · Company formation",
      },
      "ban-checks": {
        title: "Travel ban, labor ban and case checks in the UAE",
        subtitle: "Every result reviewed by a legal professional before it reaches you",
      },
      "for-business": {
        title: "Background checks and contract review for businesses",
        subtitle: "Across the UAE and the six GCC countries",
      },
      services: {
        title: "Company formation, attestation, consultation and compliance",
        subtitle: "Mainland, free zone and offshore, handled by legal professionals",
      },
    },
  },
  // Features present on every page keep their strings in app/i18n/strings/<feature>.ts.
  account: accountStrings.en,
  cart: cartStrings.en,
  inquiry: inquiryStrings.en,
  chat: chatStrings.en,
  submit: submitStrings.en,
};

export type UiStrings = typeof uiEn;
