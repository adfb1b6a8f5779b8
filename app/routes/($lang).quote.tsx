import type { LoaderFunctionArgs } from "@remix-run/node";
import { ContentPage } from "../components/page/content-page";
import { loadPage } from "../content/page.server";
import { quotePageContent } from "../content/quote.server";
import { metaFromLoader } from "../utils/meta";

export function loader({ params }: LoaderFunctionArgs) {
  return loadPage(quotePageContent, params);
}

export const meta = metaFromLoader;
export default ContentPage;
