import { Form, type FormProps } from "@remix-run/react";
import { CsrfField } from "../ui/csrf-field";
import { SubmissionKey } from "./submission-key";
import { SubmitFailureNotice } from "./submit-failure-notice";
import { useResilientForm } from "./use-resilient-form";

/**
 * Remix's <Form> (a plain POST without JavaScript) on the resilient submit path: it carries the
 * form token (first, see CsrfField) and the submission key, and when its request does not get
 * through the page, the form and what was typed stay, with the failure notice and a retry at the
 * end of the form (app/forms/submission.ts; the route exports resilientClientAction()).
 */
export function ResilientForm({ children, failureText, ...props }: FormProps & { failureText?: string }) {
  const { formRef, failure, retry } = useResilientForm();
  return (
    <Form ref={formRef} {...props}>
      <CsrfField />
      <SubmissionKey />
      {children}
      <SubmitFailureNotice failure={failure} onRetry={retry} text={failureText} className="mt-3" />
    </Form>
  );
}
