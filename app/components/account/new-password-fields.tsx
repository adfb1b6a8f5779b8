import { TextField } from "../ui/field";

/**
 * The new password and its confirmation, as every form that sets a password asks for them (register,
 * settings, reset, first admin): same limits as the server's password policy, and the autocomplete
 * hints password managers need.
 */
export function NewPasswordFields({
  idPrefix,
  labels,
  hint,
  errors,
}: {
  idPrefix: string;
  labels: { password: string; confirmPassword: string };
  hint: string;
  errors: { password?: string[]; confirmPassword?: string[] };
}) {
  return (
    <>
      <TextField
        id={`${idPrefix}-password`}
        name="password"
        type="password"
        label={labels.password}
        hint={hint}
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={128}
        errors={errors.password}
      />
      <TextField
        id={`${idPrefix}-confirm-password`}
        name="confirmPassword"
        type="password"
        label={labels.confirmPassword}
        autoComplete="new-password"
        required
        maxLength={128}
        errors={errors.confirmPassword}
      />
    </>
  );
}
