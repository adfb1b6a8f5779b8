import { LocalizedNavLink } from "../layout/localized-link";
import { cn } from "../../utils/cn";

export type AdminNavText = { label: string; orders: string; inquiries: string; coupons: string; invoices: string; users: string; performance: string };

/** Links between the back-office pages. */
export function AdminNav({ text }: { text: AdminNavText }) {
  const links: Array<[string, string]> = [
    ["/admin", text.orders],
    ["/admin/inquiries", text.inquiries],
    ["/admin/coupons", text.coupons],
    ["/admin/invoices", text.invoices],
    ["/admin/users", text.users],
    ["/admin/performance", text.performance],
  ];
  return (
    <nav aria-label={text.label} className="border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-1">
        {links.map(([to, label]) => (
          <li key={to}>
            <LocalizedNavLink
              to={to}
              end
              className={({ isActive }) =>
                cn("inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold", isActive ? "border-amber-500 text-navy-900" : "border-transparent text-slate-600 hover:text-navy-900")
              }
            >
              {label}
            </LocalizedNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
