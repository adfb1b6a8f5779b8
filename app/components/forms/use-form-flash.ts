import { useLocation } from "@remix-run/react";
import type { FormFlash } from "../../forms/form-flash";
import { useRootData } from "../../root-data";

/** The outcome flashed to this page for `formId` (a form posted without JavaScript), if any. */
export function useFormFlash(formId: string): FormFlash | null {
  const flash = useRootData()?.formFlash ?? null;
  const { pathname } = useLocation();
  return flash?.formId === formId && flash.path === pathname ? flash : null;
}
