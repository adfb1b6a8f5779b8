import type { Lang } from "./lang";
import { uiAr } from "./ui.ar";
import { uiEn, type UiStrings } from "./ui.en";

export type { UiStrings };

/** Read on the server only (root loader): the client receives just the current language's strings. */
export const uiStrings: Record<Lang, UiStrings> = { en: uiEn, ar: uiAr };
