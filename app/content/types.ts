import type { PlanListView, ServiceKey } from "../catalogue";
import type { PageMeta } from "../utils/meta";

/**
 * A public page as data: its metadata and its sections in order. Content modules
 * (app/content/<page>.ts) build one per language from the catalogue, so prices are never typed
 * twice and a translation is a data change. Routes return `content[lang]` from their loader and
 * render it with <PageSections>.
 */
export type PageContent = {
  meta: PageMeta;
  sections: PageSection[];
};

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

export type ProseBlock = { h: string } | { p: string } | { ul: string[] };

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
  | (Base & { kind: "plans"; plans: PlanListView; startingFromLabel?: string })
  /** The inquiry form (lead capture), with the page's service key. */
  | (Base & { kind: "inquiry"; service: ServiceKey })
  /** The contact block: configured phone, e-mail and office hours. */
  | (Base & { kind: "contact"; text?: string })
  /** Interactive parts owned by features: the travel-ban check card and form, the quote calculator. */
  | (Base & { kind: "travel-check" })
  | (Base & { kind: "quote" });
