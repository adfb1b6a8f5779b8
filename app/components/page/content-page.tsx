import { useLoaderData } from "@remix-run/react";
import type { PageSection, StructuredData as StructuredDataObject } from "../../content/types";
import { deferred } from "./deferred";
import { Hero } from "./hero";
import { StructuredData } from "./structured-data";

// Every section but an opening hero loads its code and hydrates when it is needed (see
// deferred.tsx and decision 016): the server's HTML stands in until then. Hydrating a long page
// at once is most of a phone's main-thread work on load, and the section views are most of a
// content page's own code. Sections with forms or widgets hydrate as they come into view; text,
// lists, tables, plain links and <details> FAQs work as HTML and hydrate only when touched or
// when the page changes. A new kind counts as interactive until it is listed here.
const loadSectionView = () => import("./page-sections").then((m) => m.PageSectionView);
const InteractiveSectionView = deferred(loadSectionView, "section");
const StaticSectionView = deferred(loadSectionView, "static-section", { when: "used" });
const STATIC_KINDS: ReadonlySet<PageSection["kind"]> = new Set([
  "hero",
  "cards",
  "steps",
  "list",
  "table",
  "stats",
  "faq",
  "quotes",
  "cta",
  "prose",
  "contact",
]);

/** The default component of a page that is all content: its loader returns loadPage(...). */
export function ContentPage() {
  const { sections, structuredData } = useLoaderData<{
    sections: PageSection[];
    structuredData?: StructuredDataObject[];
  }>();
  return (
    <>
      {sections.map((section, index) => {
        if (index === 0 && section.kind === "hero") return <Hero key={section.id} section={section} />;
        const View = STATIC_KINDS.has(section.kind) ? StaticSectionView : InteractiveSectionView;
        return <View key={section.id} section={section} />;
      })}
      {structuredData?.length ? <StructuredData items={structuredData} /> : null}
    </>
  );
}
