import { Link, type LinkProps } from "@remix-run/react";
import type { ButtonHTMLAttributes } from "react";
import { cn } from "../../utils/cn";

export type ButtonVariant = "primary" | "secondary" | "destructive" | "ghost" | "link" | "on-dark";
export type ButtonSize = "sm" | "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 min-h-11";
const variants: Record<ButtonVariant, string> = {
  primary: "bg-amber-400 text-navy-950 hover:bg-amber-300",
  secondary: "border border-navy-200 bg-white text-navy-900 hover:bg-navy-50",
  destructive: "bg-red-700 text-white hover:bg-red-800",
  ghost: "text-navy-900 hover:bg-navy-50",
  link: "min-h-0 p-0 text-navy-700 underline underline-offset-4 hover:text-navy-900",
  /** The secondary button on a dark (navy) background. Its own variant: class names are joined, not merged, so overriding secondary's colours would depend on CSS order. */
  "on-dark": "border border-white/50 bg-transparent text-white hover:bg-white/10",
};
const sizes: Record<ButtonSize, string> = {
  sm: "px-3 py-1.5 text-sm",
  md: "px-4 py-2 text-base",
  lg: "px-6 py-3 text-lg",
};

export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra?: string) {
  return cn(base, variants[variant], variant === "link" ? "" : sizes[size], extra);
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  pending?: boolean;
};

/** A button; `pending` shows a spinner and disables it (JavaScript-driven states). */
export function Button({
  variant = "primary",
  size = "md",
  pending = false,
  className,
  children,
  disabled,
  type = "submit",
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled ?? pending}
      aria-busy={pending || undefined}
      {...rest}
    >
      {pending ? <Spinner /> : null}
      {children}
    </button>
  );
}

export function ButtonLink({
  variant = "primary",
  size = "md",
  className,
  ...rest
}: LinkProps & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <Link className={buttonClasses(variant, size, className)} {...rest} />;
}

export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-block size-4 animate-spin rounded-full border-2 border-current border-e-transparent",
        className,
      )}
    />
  );
}
