import type { UiStrings } from "./ui.en";

/**
 * The dictionary is sent in parts, so a page carries only the strings it can show: the shell's
 * with every page (root loader), the content sections' with the content pages (their loader, see
 * app/content/page.server.ts), and the search-engine strings never (read by the server alone).
 */
export const PAGE_UI_SECTIONS = ["inquiry", "plans", "page"] as const satisfies readonly (keyof UiStrings)[];
export const SERVER_UI_SECTIONS = ["seo"] as const satisfies readonly (keyof UiStrings)[];

export type PageUi = Pick<UiStrings, (typeof PAGE_UI_SECTIONS)[number]>;
export type ShellUi = Omit<UiStrings, (typeof PAGE_UI_SECTIONS)[number] | (typeof SERVER_UI_SECTIONS)[number]>;
