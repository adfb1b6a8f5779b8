/**
 * Every public page of the site, by its English path (the Arabic one is the same under /ar).
 * The sitemap lists these in both languages and the browser tests walk them, so a page is added
 * here when its route exists. Private or transactional pages (dashboard, admin, checkout,
 * payment-success) are not listed: robots.txt keeps crawlers out of them.
 */
export type PublicRoute = {
  path: string;
  /** Sitemap hints: how often the page changes and how it ranks among our pages (0 to 1). */
  changefreq: "weekly" | "monthly" | "yearly";
  priority: number;
};

const page = (path: string, priority: number, changefreq: PublicRoute["changefreq"] = "monthly"): PublicRoute => ({
  path,
  priority,
  changefreq,
});

export const publicRoutes: PublicRoute[] = [
  page("/", 1, "weekly"),
  // Ban checks
  page("/ban-checks/travel-ban-check", 0.9, "weekly"),
  page("/ban-checks/travel-ban-appeal", 0.8),
  page("/ban-checks/labor-ban-check", 0.8),
  page("/ban-checks/court-police-case-check", 0.8),
  // Ask a lawyer, company
  page("/ask-lawyer", 0.8),
  page("/about", 0.5),
  page("/quote", 0.6),
  page("/request-check", 0.7),
  // For business, start-up
  page("/for-business/background-checks", 0.8),
  page("/for-business/background-checks-gcc", 0.7),
  page("/for-business/contracts-review", 0.7),
  page("/for-business/client-credit-check", 0.6),
  page("/for-business/receivable-management", 0.6),
  page("/for-business/employee-check", 0.7),
  page("/startup-uae/company-formation", 0.7),
  // Services
  page("/services/document-authentication", 0.7),
  page("/services/legal-consultation", 0.7),
  page("/services/compliance-audit", 0.7),
  // Company
  page("/technology", 0.4),
  page("/careers", 0.4),
  page("/partners", 0.5),
  page("/attorney-network", 0.4),
  page("/contact", 0.6),
  // Legal
  page("/privacy-policy", 0.3, "yearly"),
  page("/data-retention-policy", 0.3, "yearly"),
  page("/terms-of-service", 0.3, "yearly"),
  page("/refund-policy", 0.3, "yearly"),
  page("/partner-agreement", 0.3, "yearly"),
];

export const publicPaths: string[] = publicRoutes.map((route) => route.path);

/** Pages search engines should not crawl (English paths; their Arabic twins are kept out too). */
export const privatePagePrefixes = ["/dashboard", "/admin", "/checkout", "/payment-success", "/cart"];
/** Non-page paths (resource routes, development tools) kept out of search engines. */
export const privateResourcePrefixes = ["/api/", "/dev/", "/test-hooks/"];
