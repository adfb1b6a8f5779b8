import type { ReactNode } from "react";
import { cn } from "../../utils/cn";

export function Container({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("mx-auto w-full max-w-6xl px-4 sm:px-6", className)}>{children}</div>;
}

/** A page section with a heading; `id` makes it linkable and names it for assistive technology. */
export function Section({
  id,
  title,
  intro,
  children,
  className,
  tone = "plain",
}: {
  id?: string;
  title?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
  tone?: "plain" | "muted" | "dark";
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={title ? headingId : undefined}
      className={cn(
        "py-12 sm:py-16",
        tone === "muted" && "bg-slate-50",
        tone === "dark" && "bg-navy-900 text-white",
        className,
      )}
    >
      <Container>
        {title ? (
          <h2 id={headingId} className={cn("text-2xl font-bold sm:text-3xl", tone === "dark" && "text-white")}>
            {title}
          </h2>
        ) : null}
        {intro ? (
          <p className={cn("mt-3 max-w-3xl text-lg", tone === "dark" ? "text-navy-100" : "text-slate-600")}>{intro}</p>
        ) : null}
        <div className={title || intro ? "mt-8" : undefined}>{children}</div>
      </Container>
    </section>
  );
}
