import { Outlet } from "@remix-run/react";
import { languageSegmentLoader } from "../i18n/language-segment.server";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

// Every page lives under an optional language segment: "/about" (English) and "/ar/about"
// (Arabic); any other first segment is not a page (app/i18n/language-segment.server.ts).
export const loader = languageSegmentLoader;

export default function LanguageLayout() {
  return <Outlet />;
}
