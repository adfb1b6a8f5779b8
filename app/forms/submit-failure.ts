/** What a form's clientAction answers when its request did not get through (submission.ts). Apart: every page's shell reads it. */
export type SubmitFailureKind = "network" | "timeout";
export type SubmitFailure = { submitFailed: SubmitFailureKind };

export function isSubmitFailure(value: unknown): value is SubmitFailure {
  return (
    typeof value === "object" &&
    value !== null &&
    ((value as SubmitFailure).submitFailed === "network" || (value as SubmitFailure).submitFailed === "timeout")
  );
}

/**
 * The `shouldRevalidate` of every page route (re-exported by each; the root has its own): with
 * single fetch Remix re-reads every route's data after a submission unless the route says
 * otherwise, and after a submission that never got through there is nothing new to read, over a
 * connection that just failed (a failed read would replace the page with the error page).
 */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: {
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}) {
  return !isSubmitFailure(actionResult) && defaultShouldRevalidate;
}
