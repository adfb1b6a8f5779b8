import { useRouteLoaderData } from "@remix-run/react";
import type { Lang } from "../i18n/lang";
import type { UiStrings } from "../i18n/ui.en";
import type { Toast } from "./toast";

/** What the root loader gives every page. */
export type RootData = {
  lang: Lang;
  ui: UiStrings;
  site: { name: string; url: string; phone: string; email: string; hours: string };
  toast: Toast | null;
  requestId: string;
  /** Filled in by the accounts and cart features. */
  user: { id: string; email: string; fullName: string | null; role: "client" | "admin" } | null;
  cartCount: number;
};

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root") as RootData | undefined;
}

/** The shell's strings in the page's language. Only valid below the root route. */
export function useUi(): UiStrings {
  const data = useRootData();
  if (!data) throw new Error("useUi must be used below the root route");
  return data.ui;
}

export function useLang(): Lang {
  return useRootData()?.lang ?? "en";
}

export function useSite() {
  const data = useRootData();
  if (!data) throw new Error("useSite must be used below the root route");
  return data.site;
}
