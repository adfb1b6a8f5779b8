import type { ReactNode } from "react";
import { cn } from "../../utils/cn";

/**
 * The box a wide table scrolls in on narrow screens, so the page itself never scrolls sideways.
 * `relative` matters: visually hidden labels inside the table are positioned absolutely, and
 * without a positioned box around them they escape it and widen the whole page. Focusable (with
 * a name) so keyboard users can scroll it (axe: scrollable-region-focusable).
 */
export function TableScroll({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className={cn(
        "relative overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-navy-700",
        className,
      )}
    >
      {children}
    </div>
  );
}
