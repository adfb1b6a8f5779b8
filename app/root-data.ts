import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import type { CartView } from "./cart/cart-rules";
import type { Lang } from "./i18n/lang";
import type { PageUi, ShellUi } from "./i18n/ui-parts";
import type { FormFlash } from "./forms/form-flash";
import type { Toast } from "./forms/toast";

/** The configured identity of the site: name, address (no trailing slash), contact details (`hours` in the page's language). */
export type SiteConfig = { name: string; url: string; phone: string; email: string; hours: string };

/** What the root loader gives every page. */
export type RootData = {
  lang: Lang;
  ui: ShellUi;
  site: SiteConfig;
  toast: Toast | null;
  requestId: string;
  /** Filled in by the accounts and cart features. */
  user: { id: string; email: string; fullName: string | null; role: "client" | "staff" | "admin" } | null;
  cartCount: number;
  /** The cart's priced lines and total (app/cart/cart.server.ts). */
  cart: CartView;
  /** The outcome of a form posted without JavaScript, flashed across its redirect (app/forms/form-flash.server.ts). */
  formFlash: FormFlash | null;
  /** A fresh random id per page load: forms send it so a double-clicked submit is stored once. */
  formToken: string;
  /**
   * The visitor's form token (app/http/csrf.server.ts): the same for the whole visit, carried by
   * every POST form in a hidden field. Unrelated to `formToken`.
   */
  csrfToken: string;
  /** The same page in the language the browser prefers, when no language is remembered (a notice, never a redirect). */
  languageSuggestion: { lang: Lang; href: string } | null;
};

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root") as RootData | undefined;
}

/** The shell's strings in the page's language. Only valid below the root route. */
export function useUi(): ShellUi {
  const data = useRootData();
  if (!data) throw new Error("useUi must be used below the root route");
  return data.ui;
}

/**
 * The shell's strings and the content sections' (forms, plans, contact details), for the sections
 * of a content page: its loader returns loadPage(...), which sends them (app/i18n/ui-parts.ts).
 */
export function usePageUi(): ShellUi & PageUi {
  const shell = useUi();
  const page = (useLoaderData() as { ui?: PageUi } | undefined)?.ui;
  if (!page) throw new Error("usePageUi is for the sections of a content page (its loader returns loadPage(...))");
  return useMemo(() => ({ ...shell, ...page }), [shell, page]);
}

export function useLang(): Lang {
  return useRootData()?.lang ?? "en";
}

export function useSite() {
  const data = useRootData();
  if (!data) throw new Error("useSite must be used below the root route");
  return data.site;
}
