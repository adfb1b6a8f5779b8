import type { SubmissionResult } from "@conform-to/react";
import type { Toast } from "./toast";

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
