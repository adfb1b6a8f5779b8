import { fill } from "../../i18n/fill";
import { useRootData, useUi } from "../../root-data";
import { LocalizedLink } from "./localized-link";
import { footerCompanyLinks, footerLegalLinks, navGroups, type NavLink } from "../../site-navigation";

export function SiteFooter() {
  const ui = useUi();
  const site = useRootData()?.site;
  const siteName = site?.name ?? "";
  const [banChecks, business, services] = navGroups;
  return (
    <footer className="mt-16 bg-navy-950 text-navy-100">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-5">
        <FooterColumn title={ui.footer.services} links={[...(banChecks?.links ?? []), ...(services?.links ?? [])]} />
        <FooterColumn title={ui.footer.business} links={business?.links ?? []} />
        <FooterColumn title={ui.footer.company} links={footerCompanyLinks} />
        <FooterColumn title={ui.footer.legal} links={footerLegalLinks} />
        <div>
          <h2 className="text-sm font-bold uppercase tracking-wide text-white">{ui.footer.contact}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a
                className="hover:text-white hover:underline"
                href={`tel:${(site?.phone ?? "").replace(/\s+/g, "")}`}
                dir="ltr"
              >
                {site?.phone}
              </a>
            </li>
            <li>
              <a className="hover:text-white hover:underline" href={`mailto:${site?.email ?? ""}`}>
                {site?.email}
              </a>
            </li>
            <li>
              <span className="block text-navy-300">{ui.footer.hours}</span> {site?.hours}
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-navy-800">
        {/* Room at the very end for the floating chat button, so it rests over nothing there. */}
        <div className="mx-auto max-w-6xl space-y-3 px-4 pt-6 pb-24 text-sm text-navy-200 noscript:pb-6 sm:px-6">
          <p data-testid="footer-disclaimer">{fill(ui.footer.disclaimer, { site: siteName })}</p>
          <p>{fill(ui.footer.rights, { year: new Date().getFullYear(), site: siteName })}</p>
        </div>
      </div>
    </footer>
  );
}

function FooterColumn({ title, links }: { title: string; links: NavLink[] }) {
  const ui = useUi();
  return (
    <div>
      <h2 className="text-sm font-bold uppercase tracking-wide text-white">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <LocalizedLink to={link.to} className="hover:text-white hover:underline">
              {ui.nav.links[link.label]}
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
