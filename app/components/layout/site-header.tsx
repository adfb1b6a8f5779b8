import { useLocation } from "@remix-run/react";
import { useEffect, useReducer, useRef, useState, type Dispatch } from "react";
import { fill } from "../../i18n/fill";
import type { ShellUi } from "../../i18n/ui-parts";
import { useRootData, useUi } from "../../root-data";
import { CLOSED, desktopMenus, isMenuOpen, type MenuEvent } from "./desktop-menus";
import { AccountSlot, CartSlot, LanguageSwitch } from "./header-slots";
import { LocalizedLink } from "./localized-link";
import { navGroups, topLinks, type NavGroup } from "../../site-navigation";

/**
 * Sticky header with one navigation for every screen, so readers without CSS (text browsers,
 * reader modes) meet it once, in document order. Wide screens show it as a bar whose dropdowns
 * open on hover and on keyboard focus through CSS alone; narrow screens hide it behind "Menu", a
 * link to #site-nav that shows it as a panel (:target) without JavaScript. JavaScript makes
 * "Menu" and the dropdowns disclosure buttons and closes the panel when a link is followed.
 */
export function SiteHeader() {
  const ui = useUi();
  const site = useRootData()?.site;
  const location = useLocation();
  // Once script runs the dropdowns are disclosure buttons; until then CSS opens them (tailwind.css).
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const [menus, dispatch] = useReducer(desktopMenus, CLOSED);
  const [menuOpen, setMenuOpen] = useState(false);
  // Following a link closes the panel (without JavaScript the new page starts with it closed).
  useEffect(() => setMenuOpen(false), [location.key]);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="header-bar">
        <LocalizedLink
          to="/"
          className="me-auto flex min-h-11 items-center gap-2 text-lg font-bold text-navy-900"
          prefetch="intent"
        >
          {/* The initial is drawn by CSS, so readers without CSS read the name once ("Sanad Legal", not "SSanad Legal"). */}
          <span
            aria-hidden="true"
            data-initial={(site?.name ?? "S").charAt(0)}
            className="grid size-8 place-items-center rounded-md bg-navy-900 text-sm font-black text-amber-400 before:content-[attr(data-initial)]"
          />
          <span className="whitespace-nowrap">{site?.name}</span>
        </LocalizedLink>{" "}
        <nav
          id="site-nav"
          aria-label={ui.nav.primary}
          className="site-nav"
          data-enhanced={enhanced ? "" : undefined}
          data-open={menuOpen ? "" : undefined}
        >
          <ul className="header-items site-nav-links">
            {navGroups.map((group) => (
              <DesktopGroup
                key={group.id}
                group={group}
                ui={ui}
                open={isMenuOpen(menus, group.id)}
                dispatch={dispatch}
              />
            ))}
            {topLinks.map((link) => (
              <li key={link.to}>
                <LocalizedLink to={link.to} className="header-item">
                  {ui.nav[link.label]}
                </LocalizedLink>
              </li>
            ))}
          </ul>{" "}
          <div className="header-items site-nav-links">
            <LanguageSwitch /> <AccountSlot />
          </div>
        </nav>{" "}
        <CartSlot />{" "}
        <MenuButton ui={ui} enhanced={enhanced} open={menuOpen} onToggle={() => setMenuOpen((open) => !open)} />
      </div>
    </header>
  );
}

/**
 * "Menu" on narrow screens: without JavaScript a link to the navigation, which CSS shows while it
 * is the page's target; with it a disclosure button for the same navigation.
 */
function MenuButton({
  ui,
  enhanced,
  open,
  onToggle,
}: {
  ui: ShellUi;
  enhanced: boolean;
  open: boolean;
  onToggle: () => void;
}) {
  const className =
    "inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-semibold text-navy-900 lg:hidden";
  const icon = <span aria-hidden="true" className="text-lg leading-none before:content-['☰']" />;
  if (!enhanced) {
    return (
      <a href="#site-nav" className={className} data-menu-button="">
        {icon}
        {ui.nav.menu}
      </a>
    );
  }
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls="site-nav"
      onClick={onToggle}
      className={className}
      data-menu-button=""
    >
      {icon}
      {ui.nav.menu}
    </button>
  );
}

/**
 * A desktop dropdown, the ARIA disclosure pattern: the button shows and hides the list, and
 * aria-expanded says whether it shows (state above). Choosing a link, Escape, or the focus leaving
 * (a click elsewhere included) closes it. Without JavaScript CSS shows it on hover and while the
 * focus is inside (tailwind.css: [data-nav-group]).
 *
 * The pointer is followed with the browser's own mouseenter and mouseleave on the <li>, not React's
 * onMouseEnter: React derives those from mouseout/mouseover pairs and drops the pair when the
 * pointer comes from a part of the page still waiting to hydrate (docs/decisions/016), so a menu
 * pointed at after the pointer rested on the page did not open.
 */
function DesktopGroup({
  group,
  ui,
  open,
  dispatch,
}: {
  group: NavGroup;
  ui: ShellUi;
  open: boolean;
  dispatch: Dispatch<MenuEvent>;
}) {
  const itemRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const label = ui.nav[group.label];
  const menuId = `menu-${group.id}`;
  const id = group.id;

  useEffect(() => {
    const item = itemRef.current;
    if (!item) return;
    const enter = () => dispatch({ type: "enter", id });
    const leave = () => dispatch({ type: "leave", id });
    item.addEventListener("mouseenter", enter);
    item.addEventListener("mouseleave", leave);
    // Already under the pointer when the script arrived: as if it had just entered.
    if (item.matches(":hover")) enter();
    return () => {
      item.removeEventListener("mouseenter", enter);
      item.removeEventListener("mouseleave", leave);
    };
  }, [dispatch, id]);

  const close = () => dispatch({ type: "close", id });

  return (
    // The <li> follows the pointer and the focus for the disclosure; the button is the control.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <li
      ref={itemRef}
      className="relative"
      data-nav-group=""
      data-open={open ? "" : undefined}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) dispatch({ type: "focus-left", id });
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          close();
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={fill(ui.nav.openSubmenu, { section: label })}
        onClick={() => dispatch({ type: "toggle", id })}
        className="header-item"
      >
        <span aria-hidden="true">{label}</span>
        <span aria-hidden="true" className="text-xs">
          ▾
        </span>
      </button>
      <ul
        id={menuId}
        data-nav-menu=""
        className="absolute start-0 top-full z-50 min-w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg transition-opacity"
      >
        {group.links.map((link) => (
          <li key={link.to}>
            <LocalizedLink
              to={link.to}
              className="block rounded-lg px-3 py-2.5 text-sm text-slate-800 hover:bg-navy-50 hover:text-navy-900"
              prefetch="intent"
              onClick={close}
            >
              {ui.nav.links[link.label]}
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
