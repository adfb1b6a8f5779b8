import type { MetaDescriptor } from "@remix-run/node";
import type { RootData } from "../root-data";

/** What every page says about itself; its loader turns it into the page's head with `pageHead` (app/seo/page-head.server.ts). */
export type PageMeta = {
  title: string;
  description: string;
  keywords?: string[];
  /** Pages such as the dashboard or checkout: not for search engines. */
  noindex?: boolean;
};

type MetaInput = {
  data: unknown;
  matches: Array<{ id: string; data: unknown } | undefined>;
};

/**
 * The usual `meta` export of a page: the head its loader computed on the server (`meta:
 * pageHead(request, page)`), so the browser carries none of that code; the site's name alone
 * when there is no data (an error). A loader that returns its PageMeta as is fails loudly.
 */
export function metaFromLoader({ data, matches }: MetaInput): MetaDescriptor[] {
  const head = (data as { meta?: unknown } | undefined)?.meta;
  if (Array.isArray(head)) return head as MetaDescriptor[];
  if (head) throw new Error("a page's loader returns `meta: pageHead(request, page)`");
  const root = matches.find((match) => match?.id === "root")?.data as RootData | undefined;
  return [{ title: root?.site.name ?? "Sanad Legal" }];
}
