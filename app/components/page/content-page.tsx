import { useLoaderData } from "@remix-run/react";
import type { PageSection } from "../../content/types";
import { PageSections } from "./page-sections";

/** The default component of a page that is all content: its loader returns loadPage(...). */
export function ContentPage() {
  const { sections } = useLoaderData<{ sections: PageSection[] }>();
  return <PageSections sections={sections} />;
}
