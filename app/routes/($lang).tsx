import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { langParam } from "../utils/http.server";

// Every page lives under an optional language segment: "/about" (English) and "/ar/about"
// (Arabic). Any other first segment that reaches here is not a page.
export function loader({ params }: LoaderFunctionArgs) {
  langParam(params);
  return null;
}

export default function LanguageLayout() {
  return <Outlet />;
}
