import { TextField } from "../ui/field";

/**
 * The code field of the two-factor forms: an authenticator code (digits) or, where `recovery` is
 * allowed, a recovery code. Browsers and password managers offer a one-time code here.
 */
export function CodeField({
  id,
  label,
  hint,
  errors,
  recovery = false,
}: {
  id: string;
  label: string;
  hint?: string;
  errors: string[] | undefined;
  recovery?: boolean;
}) {
  return (
    <TextField
      id={id}
      name="code"
      label={label}
      hint={hint}
      errors={errors}
      required
      maxLength={64}
      autoComplete="one-time-code"
      inputMode={recovery ? "text" : "numeric"}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      dir="ltr"
      className="max-w-xs"
    />
  );
}
