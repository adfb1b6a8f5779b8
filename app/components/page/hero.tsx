import { Fragment } from "react";
import type { Cta, PageSection } from "../../content/types";
import { localizePath } from "../../i18n/lang";
import { cn } from "../../utils/cn";
import { useLang } from "../../root-data";
import { buttonClasses } from "../ui/button";
import { Container } from "../ui/section";

// The hero and its call-to-action row live apart from the other section views: the hero is the
// only section a content page hydrates at once, so the rest can load when needed (content-page.tsx).

export function Hero({ section }: { section: Extract<PageSection, { kind: "hero" }> }) {
  return (
    <section id={section.id} className="bg-navy-900 text-white" aria-labelledby={`${section.id}-title`}>
      <Container className="py-14 sm:py-20">
        {section.eyebrow ? (
          <p className="text-sm font-bold uppercase tracking-wide text-amber-400">{section.eyebrow}</p>
        ) : null}
        <h1 id={`${section.id}-title`} className="mt-2 max-w-3xl text-3xl font-bold text-white sm:text-5xl">
          {section.title}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-navy-100">{section.lead}</p>
        {section.highlights?.length ? (
          <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-navy-100">
            {section.highlights.map((item) => (
              <li key={item} className="flex items-center gap-2">
                <span aria-hidden="true" className="text-amber-400">
                  ✓
                </span>{" "}
                {item}
              </li>
            ))}
          </ul>
        ) : null}
        {section.ctas?.length ? <CtaRow ctas={section.ctas} className="mt-8" onDark /> : null}
      </Container>
    </section>
  );
}

export function CtaRow({ ctas, className, onDark }: { ctas: Cta[]; className?: string; onDark?: boolean }) {
  const lang = useLang();
  return (
    <div className={cn("flex flex-wrap gap-3", className)}>
      {ctas.map((cta, index) => (
        // A space between the links, for readers without CSS (text browsers); the flex row ignores it.
        <Fragment key={cta.to + cta.label}>
          {index > 0 ? " " : null}
          <a
            href={cta.to.startsWith("/") ? localizePath(lang, cta.to) : cta.to}
            className={buttonClasses(
              cta.variant === "secondary" && onDark ? "on-dark" : (cta.variant ?? "primary"),
              "lg",
            )}
          >
            {cta.label}
          </a>
        </Fragment>
      ))}
    </div>
  );
}
