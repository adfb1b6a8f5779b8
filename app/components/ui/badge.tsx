import type { ReactNode } from "react";
import { cn } from "../../utils/cn";

export type BadgeTone = "green" | "blue" | "yellow" | "red" | "grey" | "amber" | "navy";

const tones: Record<BadgeTone, string> = {
  green: "bg-green-100 text-green-900 ring-green-700/30",
  blue: "bg-blue-100 text-blue-900 ring-blue-700/30",
  yellow: "bg-yellow-100 text-yellow-900 ring-yellow-700/30",
  red: "bg-red-100 text-red-900 ring-red-700/30",
  grey: "bg-slate-100 text-slate-800 ring-slate-500/30",
  amber: "bg-amber-400 text-navy-950 ring-amber-600/40",
  navy: "bg-navy-900 text-white ring-navy-900",
};

/** A small label; the text always carries the meaning, colour only reinforces it. */
export function Badge({
  tone = "grey",
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** Status colours from the spec: completed green, processing blue, pending yellow, cancelled red, other grey. */
export function statusTone(status: string): BadgeTone {
  switch (status) {
    case "completed":
      return "green";
    case "processing":
      return "blue";
    case "pending":
      return "yellow";
    case "cancelled":
      return "red";
    default:
      return "grey";
  }
}
