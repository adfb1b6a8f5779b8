import type { ReactNode } from "react";

/** A row of figures (dashboard and admin stats). */
export function StatCards({ label, items }: { label: string; items: Array<{ key: string; label: string; value: ReactNode }> }) {
  return (
    <section aria-label={label}>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {items.map((item) => (
          <div key={item.key} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-stat={item.key}>
            <dt className="text-sm font-medium text-slate-600">{item.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-navy-900">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
