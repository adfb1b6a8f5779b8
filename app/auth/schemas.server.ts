import * as z from "zod";
import type { AccountText } from "../content/accounts.server";
import { requiredCleanString } from "../http/clean-text.server";
import { isCommonPassword } from "./common-passwords.server";
import { parseSecondFactorInput } from "./two-factor.server";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Server-side rules of the account forms, with messages in the page's language. */
export function emailField(t: AccountText) {
  return z
    .string({ error: t.validation.emailRequired })
    .trim()
    .max(100, t.validation.emailInvalid)
    .pipe(z.email({ error: t.validation.emailInvalid }))
    .transform((value) => value.toLowerCase());
}

/** A password being chosen: long enough and not one of the most common ones. */
export function newPasswordField(t: AccountText) {
  return z
    .string({ error: t.validation.passwordRequired })
    .min(PASSWORD_MIN_LENGTH, t.validation.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, t.validation.passwordTooLong)
    .refine((value) => !isCommonPassword(value), t.validation.passwordCommon);
}

/** A password being checked: only present and of a sane size (never tell which rule it breaks). */
function existingPasswordField(t: AccountText) {
  return z.string({ error: t.validation.passwordRequired }).max(1000, t.validation.passwordRequired);
}

// Names are shown to staff and put in e-mails: cleaned like every other typed text.
function nameField(t: AccountText) {
  return requiredCleanString(t.validation.nameRequired, { max: 100, tooLong: t.validation.nameTooLong });
}

function matching<T extends { confirmPassword: string }>(key: keyof T & string, t: AccountText) {
  return (value: T, ctx: z.RefinementCtx) => {
    if (value[key] !== value.confirmPassword)
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: t.validation.passwordsMismatch });
  };
}

export function loginSchema(t: AccountText) {
  return z.object({ email: emailField(t), password: existingPasswordField(t), redirectTo: z.string().optional() });
}

export function registerSchema(t: AccountText) {
  return z
    .object({
      name: nameField(t),
      email: emailField(t),
      password: newPasswordField(t),
      confirmPassword: z.string({ error: t.validation.passwordRequired }),
    })
    .superRefine(matching("password", t));
}

export function resetRequestSchema(t: AccountText) {
  return z.object({ email: emailField(t) });
}

export function newPasswordSchema(t: AccountText) {
  return z
    .object({
      token: z.string(),
      password: newPasswordField(t),
      confirmPassword: z.string({ error: t.validation.passwordRequired }),
    })
    .superRefine(matching("password", t));
}

export function nameSchema(t: AccountText) {
  return z.object({ name: nameField(t) });
}

export function changePasswordSchema(t: AccountText) {
  return z
    .object({
      currentPassword: existingPasswordField(t),
      password: newPasswordField(t),
      confirmPassword: z.string({ error: t.validation.passwordRequired }),
    })
    .superRefine(matching("password", t));
}

export function setupSchema(t: AccountText) {
  return z
    .object({
      token: z.string(),
      name: nameField(t),
      email: emailField(t),
      password: newPasswordField(t),
      confirmPassword: z.string({ error: t.validation.passwordRequired }),
    })
    .superRefine(matching("password", t));
}

/** A code typed at the second sign-in step (or to confirm a change): an authenticator code or, when `recovery`, a recovery code. */
export function secondFactorSchema(t: AccountText, { recovery }: { recovery: boolean }) {
  const message = recovery ? t.twoFactor.codeInvalid : t.twoFactor.totpInvalid;
  return z.object({
    code: z
      .string({ error: message })
      .max(64, message)
      .refine((value) => {
        const input = parseSecondFactorInput(value);
        return input !== null && (recovery || input.kind === "totp");
      }, message),
    redirectTo: z.string().optional(),
  });
}
