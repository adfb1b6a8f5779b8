import type { ReactNode } from "react";
import { cn } from "../../utils/cn";

export type NoticeKind = "success" | "error" | "info";

const kinds: Record<NoticeKind, string> = {
  success: "border-green-700 bg-green-50 text-green-950",
  error: "border-red-700 bg-red-50 text-red-950",
  info: "border-navy-500 bg-navy-50 text-navy-950",
};

/** An inline notice. Errors are announced assertively, the rest politely. */
export function Notice({
  kind = "info",
  title,
  children,
  className,
  id,
  tabIndex,
}: {
  kind?: NoticeKind;
  title: ReactNode;
  children?: ReactNode;
  className?: string;
  id?: string;
  tabIndex?: number;
}) {
  return (
    <div
      id={id}
      tabIndex={tabIndex}
      role={kind === "error" ? "alert" : "status"}
      className={cn("rounded-lg border-s-4 p-4", kinds[kind], className)}
    >
      <p className="font-semibold">{title}</p>
      {children ? <div className="mt-1 text-sm">{children}</div> : null}
    </div>
  );
}
