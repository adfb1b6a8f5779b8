import type { ReactNode } from "react";

/**
 * A row of figures (dashboard and admin stats). Two to a row on phones: a card may shrink to its
 * column (min-w-0) and a long figure (a revenue in the hundreds of thousands, in Arabic with its
 * currency) wraps inside it instead of widening the page.
 */
export function StatCards({
  label,
  items,
}: {
  label: string;
  items: Array<{ key: string; label: string; value: ReactNode }>;
}) {
  return (
    <section aria-label={label}>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {items.map((item) => (
          <div
            key={item.key}
            className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            data-stat={item.key}
          >
            <dt className="text-sm font-medium text-slate-600">{item.label}</dt>
            <dd className="mt-1 text-xl font-bold text-navy-900 wrap-break-word sm:text-2xl">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
