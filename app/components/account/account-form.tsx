import type { FieldMetadata } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { ResilientForm } from "../forms/resilient-form";
import type { ReactNode } from "react";
import { TextField } from "../ui/field";
import { FormErrors } from "./form-errors";

/** True while this page's form with the given `intent` is being submitted (for pending buttons). */
export function useSubmittingIntent(intent?: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && (intent === undefined || navigation.formData?.get("intent") === intent);
}

/**
 * The frame every account form shares: a plain POST form (it works without JavaScript) on the
 * resilient submit path, its optional heading, the form-level errors, the `intent` and any hidden
 * values.
 */
export function AccountForm({
  id,
  intent,
  heading,
  intro,
  errorTitle,
  errors,
  hidden = {},
  children,
}: {
  id: string;
  intent?: string;
  heading?: string;
  intro?: string;
  errorTitle: string;
  errors: string[] | undefined;
  hidden?: Record<string, string | undefined>;
  children: ReactNode;
}) {
  const headingId = heading ? `${id}-heading` : undefined;
  return (
    <ResilientForm method="post" id={id} className="space-y-4" aria-labelledby={headingId}>
      {heading ? (
        <h2 id={headingId} className="text-xl font-semibold text-navy-900">
          {heading}
        </h2>
      ) : null}
      {intro ? <p className="text-sm text-slate-700">{intro}</p> : null}
      <FormErrors id={`${id}-errors`} title={errorTitle} errors={errors} />
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {Object.entries(hidden).map(([name, value]) =>
        value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
      {children}
    </ResilientForm>
  );
}

type Field = Pick<FieldMetadata<string>, "initialValue" | "errors">;

/** The e-mail address field of the account forms, with the input kept after a refusal. */
export function EmailField({ id, label, field }: { id: string; label: string; field: Field }) {
  return (
    <TextField
      id={id}
      name="email"
      type="email"
      label={label}
      autoComplete="email"
      required
      maxLength={100}
      defaultValue={field.initialValue}
      errors={field.errors}
    />
  );
}

/** The full-name field of the account forms. */
export function FullNameField({
  id,
  label,
  field,
  fallback,
}: {
  id: string;
  label: string;
  field: Field;
  fallback?: string;
}) {
  return (
    <TextField
      id={id}
      name="name"
      label={label}
      autoComplete="name"
      required
      maxLength={100}
      defaultValue={field.initialValue ?? fallback}
      errors={field.errors}
    />
  );
}
