import type { SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { FormFlash } from "../../forms/form-flash";
import { useFormFlash } from "../forms/use-form-flash";
import { isSubmitFailure, type SubmitFailure } from "../../forms/submission";
import { showToast } from "../../forms/toast";
import { useResilientForm } from "../forms/use-resilient-form";

/** True once React has hydrated: only then does a form submit through a fetcher. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * The state shared by the lead forms (inquiry, travel-ban check). Without JavaScript the form
 * posts and the outcome comes back in the flash (root data); with JavaScript a fetcher posts
 * (mode=fetch), the notice shows as a toast (replacing the form's earlier one) and the page does
 * not reload. A request that does not get through leaves the form as it was, with the failure
 * notice and a retry (useResilientForm).
 */
export function useLeadForm(formId: string) {
  const fetcher = useFetcher<FormFlash | SubmitFailure>({ key: formId });
  const { formRef, failure, retry } = useResilientForm(fetcher);
  const flash = useFormFlash(formId);
  const hydrated = useHydrated();
  const data = isSubmitFailure(fetcher.data) ? null : (fetcher.data ?? null);
  const answer: FormFlash | null = failure ? null : (data ?? flash);
  const lastResult: SubmissionResult<string[]> | undefined = answer?.result;
  const pending = fetcher.state !== "idle";

  const shown = useRef<unknown>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || shown.current === fetcher.data) return;
    shown.current = fetcher.data;
    // The notice shows in the form: the form's earlier toast goes.
    if (isSubmitFailure(fetcher.data)) showToast({ kind: "info", title: "", group: formId });
    else if (fetcher.data.notice) showToast({ ...fetcher.data.notice, group: formId });
  }, [fetcher.state, fetcher.data, formId]);

  // With JavaScript, the focus goes to the first field the server rejected.
  useEffect(() => {
    if (fetcher.state === "idle" && data?.result?.status === "error") {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [fetcher.state, data, formRef]);

  return {
    fetcher,
    formRef,
    answer,
    lastResult,
    pending,
    hydrated,
    failure,
    retry,
    /** The notice to render in place: only for an answer that came back without JavaScript. */
    inlineNotice: fetcher.data ? null : (flash?.notice ?? null),
  };
}

/**
 * Reads Conform's submission result (the server validates with Conform and zod) without shipping
 * Conform's client to every page: field errors, the visitor's input to put back, and a key that
 * changes after each success so the fields reset.
 */
export function useSubmissionFields(lastResult: SubmissionResult<string[]> | undefined) {
  const [resetCount, setResetCount] = useState(0);
  const seen = useRef(lastResult);
  useEffect(() => {
    if (lastResult === seen.current) return;
    seen.current = lastResult;
    if (lastResult?.status === "success") setResetCount((n) => n + 1);
  }, [lastResult]);
  const values = lastResult?.status === "success" ? undefined : lastResult?.initialValue;
  return {
    resetKey: resetCount,
    errors: (name: string): string[] | undefined =>
      (lastResult?.status === "success" ? undefined : (lastResult?.error?.[name] ?? undefined)) || undefined,
    value: (name: string): string | undefined => {
      const value = values?.[name];
      return typeof value === "string" ? value : undefined;
    },
    formErrors: lastResult?.status === "success" ? undefined : (lastResult?.error?.[""] ?? undefined),
  };
}
