import type { Lang } from "./lang";
import { uiAr } from "./ui.ar";
import { uiEn, type UiStrings } from "./ui.en";
import { PAGE_UI_SECTIONS, SERVER_UI_SECTIONS, type PageUi, type ShellUi } from "./ui-parts";

export type { UiStrings };

/** Read on the server only: the client receives just the current language's strings, in parts (ui-parts.ts). */
export const uiStrings: Record<Lang, UiStrings> = { en: uiEn, ar: uiAr };

function shellPart(ui: UiStrings): ShellUi {
  const shell: Partial<UiStrings> = { ...ui };
  for (const section of [...PAGE_UI_SECTIONS, ...SERVER_UI_SECTIONS]) delete shell[section];
  return shell as ShellUi;
}

function pagePart(ui: UiStrings): PageUi {
  return Object.fromEntries(PAGE_UI_SECTIONS.map((section) => [section, ui[section]])) as PageUi;
}

/** What the root loader sends with every page. Built once: the same objects for every request. */
export const shellUiStrings: Record<Lang, ShellUi> = { en: shellPart(uiEn), ar: shellPart(uiAr) };
/** What a content page's loader sends for its sections. */
export const pageUiStrings: Record<Lang, PageUi> = { en: pagePart(uiEn), ar: pagePart(uiAr) };
