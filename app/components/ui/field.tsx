import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { cn } from "../../utils/cn";

export const inputClasses =
  "block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 min-h-11 aria-[invalid=true]:border-red-700 disabled:bg-slate-100";

type FieldShellProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[] | undefined;
  required?: boolean;
  children: ReactNode;
  className?: string;
};

/** Label, control, hint and error messages, wired together with ids for assistive technology. */
export function FieldShell({ id, label, hint, errors, required, children, className }: FieldShellProps) {
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={id} className="block text-sm font-semibold text-navy-900">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="space-y-0.5 text-sm font-medium text-red-700">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

export function describedBy(id: string, hint: unknown, errors: string[] | undefined) {
  const ids = [hint ? `${id}-hint` : "", errors?.length ? `${id}-error` : ""].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

type Common = { label: ReactNode; hint?: ReactNode; errors?: string[] | undefined; className?: string };

export function TextField({
  label,
  hint,
  errors,
  className,
  id,
  required,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement> & { id: string }) {
  return (
    <FieldShell id={id} label={label} hint={hint} errors={errors} required={required} className={className}>
      <input
        id={id}
        required={required}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(id, hint, errors)}
        className={inputClasses}
        {...input}
      />
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  hint,
  errors,
  className,
  id,
  required,
  ...input
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string }) {
  return (
    <FieldShell id={id} label={label} hint={hint} errors={errors} required={required} className={className}>
      <textarea
        id={id}
        required={required}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(id, hint, errors)}
        className={inputClasses}
        {...input}
      />
    </FieldShell>
  );
}

export function SelectField({
  label,
  hint,
  errors,
  className,
  id,
  required,
  options,
  placeholder,
  ...select
}: Common &
  SelectHTMLAttributes<HTMLSelectElement> & {
    id: string;
    options: Array<{ value: string; label: string }>;
    placeholder?: string;
  }) {
  return (
    <FieldShell id={id} label={label} hint={hint} errors={errors} required={required} className={className}>
      <select
        id={id}
        required={required}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(id, hint, errors)}
        className={inputClasses}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function CheckboxField({
  label,
  errors,
  className,
  id,
  ...input
}: Omit<Common, "hint"> & InputHTMLAttributes<HTMLInputElement> & { id: string }) {
  return (
    <div className={cn("space-y-1", className)}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? `${id}-error` : undefined}
          className="mt-1 size-5 shrink-0 rounded border-slate-400 accent-navy-700"
          {...input}
        />
        <label htmlFor={id} className="text-sm text-slate-700">
          {label}
        </label>
      </div>
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}
