import { useEffect, useRef } from "react";
import { Notice } from "../ui/notice";

/**
 * The form-level message (e.g. "Invalid email or password.") at the top of a form. With
 * JavaScript it takes the focus when it appears, so keyboard and screen-reader users land on it.
 */
export function FormErrors({ id, title, errors }: { id: string; title: string; errors: string[] | undefined }) {
  const ref = useRef<HTMLDivElement>(null);
  const text = errors?.join(" ");
  useEffect(() => {
    if (text) ref.current?.focus();
  }, [text]);
  if (!errors?.length) return null;
  return (
    <div ref={ref} tabIndex={-1} className="outline-none focus-visible:ring-2 focus-visible:ring-navy-500">
      <Notice id={id} kind="error" title={title}>
        {errors.map((error) => (
          <p key={error}>{error}</p>
        ))}
      </Notice>
    </div>
  );
}
