import { footerCompanyLinks, footerLegalLinks, navGroups, topLinks } from "../site-navigation";
import { localizePath, type Lang } from "../i18n/lang";
import type { UiStrings } from "../i18n/ui.en";

/**
 * BreadcrumbList structured data for the pages the navigation names (services, company and legal
 * pages): Home, then the page under its navigation label. The navigation groups (Ban Checks, For
 * Business, Services) have no page of their own, so they are not crumbs: every crumb is a real URL.
 */
export function breadcrumbJsonLd(siteUrl: string, lang: Lang, barePath: string, ui: Pick<UiStrings, "nav" | "seo">) {
  const label = pageLabel(barePath, ui);
  if (!label) return null;
  const url = siteUrl + localizePath(lang, barePath);
  const crumbs = [
    { name: ui.seo.home, item: siteUrl + localizePath(lang, "/") },
    { name: label, item: url },
  ];
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    "@id": `${url}#breadcrumb`,
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: crumb.item,
    })),
  };
}

function pageLabel(barePath: string, ui: Pick<UiStrings, "nav">): string | null {
  const link = [...navGroups.flatMap((group) => group.links), ...footerCompanyLinks, ...footerLegalLinks].find(
    (candidate) => candidate.to === barePath,
  );
  if (link) return ui.nav.links[link.label];
  const top = topLinks.find((candidate) => candidate.to === barePath);
  return top ? ui.nav[top.label] : null;
}
