import { getEnv } from "../env.server";
import { notFound } from "../http/http.server";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

// Lets the tests see the unexpected-error page; a 404 everywhere but NODE_ENV=test.
export function loader(): never {
  if (getEnv().NODE_ENV !== "test") notFound();
  throw new Error("Deliberate failure for the error-page test");
}

export default function TestError() {
  return null;
}
