import type { CardItem, PageSection, ProseBlock } from "../../content/types";
import { fill } from "../../i18n/fill";
import { localizePath } from "../../i18n/lang";
import { cn } from "../../utils/cn";
import { useNonce } from "../../http/nonce";
import { useLang, useSite, usePageUi } from "../../root-data";
import { AssistantSection } from "../assistant/assistant-section";
import { Accordion } from "../ui/accordion";
import { buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { Badge } from "../ui/badge";
import { Container, Section } from "../ui/section";
import { deferred } from "./deferred";
import { CtaRow, Hero } from "./hero";
import { PricingPlans } from "./pricing-plans";
import { jsonLd } from "./structured-data";

// Interactive sections load their code when they come into view (see deferred.tsx); their
// server-rendered HTML works before that, as it does without JavaScript.
const QuoteSection = deferred(() => import("../quote/quote-section").then((m) => m.QuoteSection), "quote");
const InquirySection = deferred(() => import("../inquiry/inquiry-section").then((m) => m.InquirySection), "inquiry");
const TravelCheckSection = deferred(
  () => import("../inquiry/travel-check-section").then((m) => m.TravelCheckSection),
  "travel-check",
);

/** Renders a page's sections in order (see app/content/types.ts). */
export function PageSections({ sections }: { sections: PageSection[] }) {
  return (
    <>
      {sections.map((section) => (
        <PageSectionView key={section.id} section={section} />
      ))}
    </>
  );
}

export function PageSectionView({ section }: { section: PageSection }) {
  switch (section.kind) {
    case "hero":
      return <Hero section={section} />;
    case "cta":
      return (
        <Section id={section.id} tone={section.tone ?? "dark"}>
          <div className="text-center">
            <h2 className={cn("text-2xl font-bold sm:text-3xl", (section.tone ?? "dark") === "dark" && "text-white")}>
              {section.title}
            </h2>
            <p
              className={cn(
                "mx-auto mt-3 max-w-2xl text-lg",
                (section.tone ?? "dark") === "dark" ? "text-navy-100" : "text-slate-600",
              )}
            >
              {section.text}
            </p>
            <CtaRow ctas={section.ctas} className="mt-8 justify-center" />
          </div>
        </Section>
      );
    case "travel-check":
      return (
        <Section id={section.id} title={section.title} intro={section.intro} tone={section.tone}>
          <TravelCheckSection stats={section.stats} />
        </Section>
      );
    case "quote":
      return (
        <Section id={section.id} title={section.title} intro={section.intro} tone={section.tone}>
          <QuoteSection calculator={section.calculator} />
        </Section>
      );
    case "assistant":
      return (
        <section id={section.id} className={cn("py-12 sm:py-16", section.tone === "muted" && "bg-slate-50")}>
          <Container className="max-w-4xl">
            {section.title ? <h2 className="text-2xl font-bold sm:text-3xl">{section.title}</h2> : null}
            {section.intro ? <p className="mt-3 text-lg text-slate-600">{section.intro}</p> : null}
            <div className={section.title || section.intro ? "mt-8" : undefined}>
              <AssistantSection />
            </div>
          </Container>
        </section>
      );
    case "inquiry":
      return (
        <section
          id={section.id}
          className={cn("py-12 sm:py-16", (section.tone ?? "muted") === "muted" && "bg-slate-50")}
        >
          {section.contact ? (
            <Container className="grid gap-8 lg:grid-cols-3">
              <div className="lg:col-span-2">
                <InquirySection service={section.service} title={section.title} intro={section.intro} />
              </div>
              <aside aria-labelledby={`${section.id}-contact`}>
                <h2 id={`${section.id}-contact`} className="text-xl font-bold">
                  {section.contact.title}
                </h2>
                <ContactBlock text={section.contact.text} className="mt-4" />
              </aside>
            </Container>
          ) : (
            <Container className="max-w-3xl">
              <InquirySection service={section.service} title={section.title} intro={section.intro} />
            </Container>
          )}
        </section>
      );
    default:
      return (
        <Section id={section.id} title={section.title} intro={section.intro} tone={section.tone}>
          <SectionBody section={section} />
        </Section>
      );
  }
}

function SectionBody({ section }: { section: PageSection }) {
  switch (section.kind) {
    case "cards":
      return <CardGrid items={section.items} columns={section.columns} />;
    case "steps":
      return (
        <ol
          className={cn("grid gap-6", section.steps.length >= 4 ? "sm:grid-cols-2 lg:grid-cols-4" : "sm:grid-cols-3")}
          data-steps={section.steps.length}
        >
          {section.steps.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-6">
              <span
                aria-hidden="true"
                className="grid size-10 place-items-center rounded-full bg-navy-900 font-bold text-amber-400"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-bold">{step.title}</h3>
              <p className="mt-2 text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      );
    case "list":
      return (
        <ul
          className={cn(
            "grid gap-3",
            section.columns === 3 ? "sm:grid-cols-2 lg:grid-cols-3" : section.columns === 1 ? "" : "sm:grid-cols-2",
          )}
          data-list={section.id}
        >
          {section.items.map((item) => (
            <li key={item} className="flex gap-3 rounded-lg bg-white p-3 text-slate-800 ring-1 ring-slate-200">
              <span aria-hidden="true" className="text-green-700">
                ✓
              </span>{" "}
              {item}
            </li>
          ))}
        </ul>
      );
    case "table":
      return (
        <>
          {/* Phones: one card per row, every column labelled (a third column never hides off-screen). */}
          <ul
            className="space-y-3 sm:hidden"
            data-table-cards={section.id}
            aria-label={section.caption ?? section.title}
          >
            {section.rows.map((row) => (
              <li key={row.join("|")} className="rounded-xl border border-slate-200 bg-white p-4">
                <p className="font-semibold text-navy-900">{row[0]}</p>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  {section.head.slice(1).map((label, index) => (
                    <div key={label} className="contents">
                      <dt className="text-slate-600">{label}</dt>
                      <dd className="text-slate-800">{row[index + 1]}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
          {/* A region that may scroll sideways: focusable so keyboard users can scroll it (axe: scrollable-region-focusable). */}
          <div
            className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-navy-700 sm:block"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            role="region"
            aria-label={section.caption ?? section.title}
          >
            <table className="w-full text-start text-sm">
              {section.caption ? <caption className="sr-only">{section.caption}</caption> : null}
              <thead className="bg-navy-50 text-navy-900">
                <tr>
                  {section.head.map((cell) => (
                    <th key={cell} scope="col" className="px-4 py-3 text-start font-semibold">
                      {cell}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {section.rows.map((row) => (
                  <tr key={row.join("|")}>
                    {row.map((cell, index) =>
                      index === 0 ? (
                        <th key={index} scope="row" className="px-4 py-3 text-start font-semibold text-navy-900">
                          {cell}
                        </th>
                      ) : (
                        <td key={index} className="px-4 py-3 text-slate-700">
                          {cell}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      );
    case "stats":
      return (
        <dl className="grid grid-cols-2 gap-6 lg:grid-cols-4">
          {section.items.map((item) => (
            <div key={item.label} className="flex flex-col-reverse text-center">
              <dt className="mt-1 text-sm text-slate-600">{item.label}</dt>
              <dd className="text-3xl font-bold text-navy-900 tabular-nums">{item.value}</dd>
            </div>
          ))}
        </dl>
      );
    case "faq":
      return <FaqBlock id={section.id} items={section.items} />;
    case "quotes":
      return (
        <ul className="grid gap-6 md:grid-cols-3">
          {section.items.map((item) => (
            <li key={item.name}>
              <figure className="h-full rounded-xl border border-slate-200 bg-white p-6">
                <blockquote className="text-slate-800">“{item.quote}”</blockquote>
                <figcaption className="mt-4 text-sm">
                  <span className="font-semibold text-navy-900">{item.name}</span>
                  {/* Name and role apart for readers without CSS. */}
                  <span className="sr-only">, </span>
                  <span className="block text-slate-600">{item.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      );
    case "prose":
      return <Prose blocks={section.blocks} updated={section.updated} />;
    case "plans":
      return <PricingPlans plans={section.plans} buttonLabel={section.buttonLabel} />;
    case "contact":
      return <ContactBlock text={section.text} />;
    default:
      return null;
  }
}

function CardGrid({ items, columns }: { items: CardItem[]; columns?: 2 | 3 | 4 }) {
  const lang = useLang();
  const cols = columns ?? (items.length % 4 === 0 ? 4 : items.length % 3 === 0 ? 3 : 2);
  return (
    <ul
      className={cn(
        "grid gap-6",
        cols === 4 ? "sm:grid-cols-2 lg:grid-cols-4" : cols === 3 ? "sm:grid-cols-2 lg:grid-cols-3" : "sm:grid-cols-2",
      )}
    >
      {items.map((item) => (
        <li key={item.title}>
          <Card className="flex h-full flex-col">
            {item.badge ? (
              <Badge tone="amber" className="mb-3 self-start">
                {item.badge}
              </Badge>
            ) : null}
            <h3 className="text-lg font-bold">{item.title}</h3>
            {item.price ? <p className="mt-1 font-semibold text-navy-700 tabular-nums">{item.price}</p> : null}
            <p className="mt-2 flex-1 text-slate-700">{item.text}</p>
            {item.points?.length ? (
              <ul className="mt-3 space-y-1 text-sm text-slate-700">
                {item.points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <span aria-hidden="true" className="text-green-700">
                      ✓
                    </span>{" "}
                    {point}
                  </li>
                ))}
              </ul>
            ) : null}
            {item.link ? (
              <a
                href={item.link.to.startsWith("/") ? localizePath(lang, item.link.to) : item.link.to}
                className={buttonClasses(item.link.variant ?? "secondary", "md", "mt-4")}
              >
                {item.link.label}
              </a>
            ) : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** FAQ accordion (one item open at a time, collapsible, no JavaScript needed) with FAQPage structured data. */
export function FaqBlock({ id, items }: { id: string; items: Array<{ question: string; answer: string }> }) {
  const nonce = useNonce();
  const structured = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
  return (
    <>
      <Accordion name={id} items={items.map((item) => ({ question: item.question, answer: <p>{item.answer}</p> }))} />
      <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonLd(structured) }} />
    </>
  );
}

function Prose({ blocks, updated }: { blocks: ProseBlock[]; updated?: string | undefined }) {
  const ui = usePageUi();
  return (
    <div className="max-w-3xl space-y-4 text-slate-800">
      {updated ? <p className="text-sm text-slate-600">{fill(ui.page.lastUpdated, { date: updated })}</p> : null}
      {blocks.map((block, index) =>
        "h" in block ? (
          <h2 key={index} className="pt-4 text-xl font-bold">
            {block.h}
          </h2>
        ) : "p" in block ? (
          <p key={index} className="leading-7">
            {block.p}
          </p>
        ) : "note" in block ? (
          <p
            key={index}
            className="rounded-lg border-s-4 border-navy-500 bg-navy-50 p-4 leading-7 text-navy-950"
            data-prose-note=""
          >
            {block.note}
          </p>
        ) : (
          <ul key={index} className="list-disc space-y-1 ps-6 leading-7">
            {block.ul.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}

function ContactBlock({ text, className }: { text?: string | undefined; className?: string }) {
  const ui = usePageUi();
  const site = useSite();
  return (
    <Card className={cn("max-w-xl", className)}>
      {text ? <p className="mb-4 text-slate-700">{text}</p> : null}
      <dl className="space-y-3" data-contact-block="">
        <div>
          <dt className="text-sm font-semibold text-slate-600">{ui.page.contactPhone}</dt>
          <dd>
            <a
              href={`tel:${site.phone.replace(/\s+/g, "")}`}
              className="font-semibold text-navy-900 underline"
              dir="ltr"
            >
              {site.phone}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-600">{ui.page.contactEmail}</dt>
          <dd>
            <a href={`mailto:${site.email}`} className="font-semibold text-navy-900 underline">
              {site.email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-600">{ui.page.contactHours}</dt>
          <dd>{site.hours}</dd>
        </div>
      </dl>
    </Card>
  );
}
