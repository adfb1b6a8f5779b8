import { GCC_COUNTRIES, planLists, type PlanListKey } from "../catalogue";
import type { StructuredData } from "../content/types";
import { localizePath, type Lang } from "../i18n/lang";
import type { SiteConfig } from "../root-data";

/**
 * schema.org objects for search engines, built from configuration and the catalogue so that the
 * prices crawlers read are the prices we charge. Amounts are AED with up to two decimals.
 */
const aedAmount = (fils: number) => (fils / 100).toFixed(Number.isInteger(fils / 100) ? 0 : 2);

const areaServed = GCC_COUNTRIES.map((country) => ({ "@type": "Country", name: country.en }));

/**
 * The organisation's node id in a language: its home page (/ or /ar) plus #organization. Each
 * language version describes the organisation with its own url, so each has its own id; the
 * same id is never given two different urls.
 */
export function organizationId(site: SiteConfig, lang: Lang) {
  return `${site.url}${localizePath(lang, "/")}#organization`;
}

/** A short reference to the organisation, for the `provider` of a service. */
function providerRef(site: SiteConfig, lang: Lang) {
  return {
    "@type": "LegalService",
    "@id": organizationId(site, lang),
    name: site.name,
    url: site.url + localizePath(lang, "/"),
  };
}

export type OfferedService = { name: string; description: string; path: string; fromPrice: number };

/** The organisation: a LegalService with its contact details, languages, area and (optionally) services from their lowest price. */
export function legalServiceJsonLd(
  site: SiteConfig,
  lang: Lang,
  options: { description: string; services?: OfferedService[] },
): StructuredData {
  const data: StructuredData = {
    "@context": "https://schema.org",
    "@type": "LegalService",
    "@id": organizationId(site, lang),
    name: site.name,
    url: site.url + localizePath(lang, "/"),
    description: options.description,
    telephone: site.phone,
    email: site.email,
    availableLanguage: ["en", "ar"],
    currenciesAccepted: "AED",
    address: { "@type": "PostalAddress", addressCountry: "AE" },
    areaServed,
  };
  if (options.services?.length) {
    data.hasOfferCatalog = {
      "@type": "OfferCatalog",
      name: site.name,
      itemListElement: options.services.map((service) => ({
        "@type": "Offer",
        itemOffered: { "@type": "Service", name: service.name, description: service.description },
        url: site.url + localizePath(lang, service.path),
        priceCurrency: "AED",
        priceSpecification: {
          "@type": "PriceSpecification",
          minPrice: aedAmount(service.fromPrice),
          priceCurrency: "AED",
        },
      })),
    };
  }
  return data;
}

/** A service page's plans: a Service whose offers are the tiers of one plan list, at catalogue prices. */
export function planOffersJsonLd(
  site: SiteConfig,
  lang: Lang,
  list: PlanListKey,
  page: { name: string; description: string; path: string },
): StructuredData {
  const url = site.url + localizePath(lang, page.path);
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    "@id": `${url}#service`,
    name: page.name,
    description: page.description,
    serviceType: page.name,
    url,
    provider: providerRef(site, lang),
    areaServed,
    offers: planLists[list].tiers.map((tier) => ({
      "@type": "Offer",
      name: tier.name[lang],
      description: tier.description[lang],
      price: aedAmount(tier.price),
      priceCurrency: "AED",
      availability: "https://schema.org/InStock",
      url,
    })),
  };
}

/** A service page without its own plans: a Service with a "from" price (an AggregateOffer) or none. */
export function serviceJsonLd(
  site: SiteConfig,
  lang: Lang,
  page: { name: string; description: string; path: string; fromPrice?: number },
): StructuredData {
  const url = site.url + localizePath(lang, page.path);
  const data: StructuredData = {
    "@context": "https://schema.org",
    "@type": "Service",
    "@id": `${url}#service`,
    name: page.name,
    description: page.description,
    serviceType: page.name,
    url,
    provider: providerRef(site, lang),
    areaServed,
  };
  if (page.fromPrice !== undefined) {
    data.offers = { "@type": "AggregateOffer", lowPrice: aedAmount(page.fromPrice), priceCurrency: "AED", url };
  }
  return data;
}
