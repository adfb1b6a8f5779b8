import { useEffect, useRef } from "react";
import type { SubmitFailure } from "../../forms/submission";
import { useUi } from "../../root-data";
import { Button } from "../ui/button";
import { Notice } from "../ui/notice";

/**
 * What a form shows when its request did not get through (useResilientForm): the spec's
 * 'Submission Failed' notice, or the form's own words, and a button that sends the same
 * submission again. It takes the focus, so the visitor hears and sees it where they are.
 */
export function SubmitFailureNotice({
  failure,
  onRetry,
  title,
  text,
  className,
}: {
  failure: SubmitFailure | null;
  onRetry: () => void;
  title?: string;
  text?: string;
  className?: string;
}) {
  const t = useUi().submit;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) ref.current?.focus({ preventScroll: false });
  }, [failure]);
  if (!failure) return null;
  return (
    <div ref={ref} tabIndex={-1} className={className} data-testid="submit-failure" data-failure={failure.submitFailed}>
      <Notice kind="error" title={title ?? t.failedTitle}>
        <p>{text ?? t.failedText}</p>
        <p className="mt-1">{failure.submitFailed === "timeout" ? t.timeoutDetail : t.networkDetail}</p>
        <Button type="button" variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
          {t.retry}
        </Button>
      </Notice>
    </div>
  );
}
