import type { SubmissionResult } from "@conform-to/react";
import { useLocation } from "@remix-run/react";
import type { Toast } from "./toast";
import { useRootData } from "../root-data";

/** What a form's action answers: Conform's result, a notice, and data for a result panel. */
export type FormFlash = {
  /** Which form on the page this is for, e.g. "inquiry" or "travel-check". */
  formId: string;
  /** The page path it was posted from: a flash is shown only there. */
  path: string;
  result?: SubmissionResult<string[]>;
  notice?: Toast;
  /** Small, form-specific values for a result view (e.g. a reference number). */
  data?: Record<string, string>;
};

/** The outcome flashed to this page for `formId` (a form posted without JavaScript), if any. */
export function useFormFlash(formId: string): FormFlash | null {
  const flash = useRootData()?.formFlash ?? null;
  const { pathname } = useLocation();
  return flash?.formId === formId && flash.path === pathname ? flash : null;
}
