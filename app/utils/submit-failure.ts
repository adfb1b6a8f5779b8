/** What a form's clientAction answers when its request did not get through (submission.ts). Apart: every page's shell reads it. */
export type SubmitFailureKind = "network" | "timeout";
export type SubmitFailure = { submitFailed: SubmitFailureKind };

export function isSubmitFailure(value: unknown): value is SubmitFailure {
  return typeof value === "object" && value !== null && ((value as SubmitFailure).submitFailed === "network" || (value as SubmitFailure).submitFailed === "timeout");
}
