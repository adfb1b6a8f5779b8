import { useRootData } from "../../root-data";

/**
 * The submission key a form carries (root data `formToken`, new with every page load and after
 * every successful submission, kept while a submission failed): an action that stored a
 * submission under this key answers a repeated one with the first result instead of storing it
 * again (a double click, or a retry after the connection dropped; app/forms/submission.ts).
 */
export function SubmissionKey() {
  const token = useRootData()?.formToken;
  return token ? <input type="hidden" name="submissionId" value={token} /> : null;
}
