import type { ReactNode } from "react";

export type AccordionItem = { question: string; answer: ReactNode };

/**
 * Questions and answers as <details>. Items share a `name`, so opening one closes the others
 * (the browser does it, with or without JavaScript), and any open item can be collapsed.
 */
export function Accordion({ items, name, className }: { items: AccordionItem[]; name: string; className?: string }) {
  return (
    <div
      className={className ?? "divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"}
      data-accordion={name}
    >
      {items.map((item) => (
        <details key={item.question} name={name} className="group p-4">
          <summary className="flex min-h-11 items-center justify-between gap-4 font-semibold text-navy-900">
            <span>{item.question}</span>
            {/* Drawn by CSS: readers without CSS get the question alone, not "…?+". */}
            <span
              aria-hidden="true"
              className="text-xl leading-none transition-transform group-open:rotate-45 before:content-['+']"
            />
          </summary>
          <div className="mt-2 text-slate-700">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
