import type { PlanListView, ServiceKey } from "../catalogue";
import type { QuoteCalculatorData } from "../quote/quote-types";
import type { PageMeta } from "../seo/meta";

/**
 * A public page as data: its metadata and its sections in order. Content modules
 * (app/content/<page>.ts) build one per language from the catalogue, so prices are never typed
 * twice and a translation is a data change. Routes return `content[lang]` from their loader and
 * render it with <PageSections>.
 */
export type PageContent = {
  meta: PageMeta;
  /**
   * When this page's text last changed, as an ISO date (YYYY-MM-DD): the sitemap's lastmod.
   * Change it with the text (a price from the catalogue changing does not count).
   */
  updated: string;
  sections: PageSection[];
  /** schema.org objects rendered as JSON-LD (app/seo/structured-data.server.ts builds them). */
  structuredData?: StructuredData[];
};

/** One schema.org object (JSON-LD), e.g. the LegalService or a Service with its Offers. */
export type StructuredData = { "@context": "https://schema.org"; "@type": string; [key: string]: unknown };

/** A link shown as a button. `to` is an English site path (localised when rendered) or #anchor. */
export type Cta = { label: string; to: string; variant?: "primary" | "secondary" };

export type CardItem = {
  title: string;
  text: string;
  /** e.g. "From د.إ 350" — built with formatMoney from the catalogue. */
  price?: string;
  badge?: string;
  /** A list of short points under the text. */
  points?: string[];
  link?: Cta;
};

/** A block of a document: heading, paragraph, bullet list, or a highlighted note (e.g. which language version prevails). */
export type ProseBlock = { h: string } | { p: string } | { ul: string[] } | { note: string };

type Base = { id: string; title?: string; intro?: string; tone?: "plain" | "muted" | "dark" };

export type PageSection =
  | (Base & { kind: "hero"; title: string; eyebrow?: string; lead: string; ctas?: Cta[]; highlights?: string[] })
  | (Base & { kind: "cards"; items: CardItem[]; columns?: 2 | 3 | 4 })
  | (Base & { kind: "steps"; steps: Array<{ title: string; text: string }> })
  | (Base & { kind: "list"; items: string[]; columns?: 1 | 2 | 3 })
  | (Base & { kind: "table"; head: string[]; rows: string[][]; caption?: string })
  | (Base & { kind: "stats"; items: Array<{ value: string; label: string }> })
  | (Base & { kind: "faq"; items: Array<{ question: string; answer: string }> })
  | (Base & { kind: "quotes"; items: Array<{ quote: string; name: string; role: string }> })
  | (Base & { kind: "cta"; title: string; text: string; ctas: Cta[] })
  | (Base & { kind: "prose"; blocks: ProseBlock[]; updated?: string })
  /** The pricing-plan section of one plan list (spec: 'Starting from', grid by plan count, Add to cart). */
  | (Base & { kind: "plans"; plans: PlanListView; startingFromLabel?: string; buttonLabel?: string })
  /** The inquiry form (lead capture), with the page's service key; `contact` puts the contact block beside it. */
  | (Base & { kind: "inquiry"; service: ServiceKey; contact?: { title: string; text?: string } })
  /** The contact block: configured phone, e-mail and office hours. */
  | (Base & { kind: "contact"; text?: string })
  /** Interactive parts owned by features: the travel-ban check card and form, the quote calculator. */
  | (Base & { kind: "travel-check"; stats?: Array<{ value: string; label: string }> })
  /** The AI legal assistant's chat (ask-a-lawyer page). The section id must not be "assistant": the chat owns that id. */
  | (Base & { kind: "assistant" })
  /** The quote calculator (app/quote/quote.server.ts builds `calculator`). */
  | (Base & { kind: "quote"; calculator: QuoteCalculatorData });
