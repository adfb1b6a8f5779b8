import { useLocation } from "@remix-run/react";
import { stripLangPrefix } from "../../i18n/lang";
import { cn } from "../../utils/cn";
import { LocalizedLink } from "../layout/localized-link";

export type AdminNavText = {
  label: string;
  orders: string;
  cases: string;
  myCases: string;
  agenda: string;
  bookings: string;
  consultants: string;
  inquiries: string;
  coupons: string;
  invoices: string;
  users: string;
  performance: string;
  privacy: string;
  holidays: string;
};

/**
 * Links between the back-office pages: admins get every page, staff their cases (the list of
 * their cases and the queue, and "My cases") and their agenda. "My cases" is the case list filtered to the viewer.
 */
export function AdminNav({ text, role = "admin" }: { text: AdminNavText; role?: "staff" | "admin" | "client" }) {
  const location = useLocation();
  const path = stripLangPrefix(location.pathname);
  const mine = path === "/admin" && new URLSearchParams(location.search).get("view") === "mine";
  const links: Array<{ to: string; label: string; active: boolean }> = [
    { to: "/admin", label: role === "admin" ? text.orders : text.cases, active: path === "/admin" && !mine },
    { to: "/admin?view=mine", label: text.myCases, active: mine },
    { to: "/admin/agenda", label: text.agenda, active: path === "/admin/agenda" },
  ];
  if (role === "admin") {
    for (const [to, label] of [
      ["/admin/bookings", text.bookings],
      ["/admin/consultants", text.consultants],
      ["/admin/inquiries", text.inquiries],
      ["/admin/coupons", text.coupons],
      ["/admin/invoices", text.invoices],
      ["/admin/users", text.users],
      ["/admin/performance", text.performance],
      ["/admin/privacy", text.privacy],
      ["/admin/holidays", text.holidays],
    ] as const) {
      links.push({ to, label, active: path === to });
    }
  }
  return (
    <nav aria-label={text.label} className="border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-1">
        {links.map((link) => (
          <li key={link.to}>
            <LocalizedLink
              to={link.to}
              aria-current={link.active ? "page" : undefined}
              className={cn(
                "inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold",
                link.active
                  ? "border-amber-500 text-navy-900"
                  : "border-transparent text-slate-600 hover:text-navy-900",
              )}
            >
              {link.label}
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
