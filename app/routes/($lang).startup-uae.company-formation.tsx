import type { LoaderFunctionArgs } from "@remix-run/node";
import { ContentPage } from "../components/page/content-page";
import { companyFormationContent } from "../content/contracts-and-formation.server";
import { loadPage } from "../content/page.server";
import { metaFromLoader } from "../seo/meta";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

export function loader(args: LoaderFunctionArgs) {
  return loadPage(companyFormationContent, args);
}

export const meta = metaFromLoader;
export default ContentPage;
