import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { User } from "../../db/schema";
import { accountText, tryAgainText } from "../content/accounts.server";
import type { Lang } from "../i18n/lang";
import { formOrEmpty } from "../http/http.server";
import { takeAttempt, type RateLimitRule } from "../http/rate-limit.server";
import { normalizeEmail, rememberLanguage, verifyCredentials } from "./accounts.server";
import { loginSchema } from "./schemas.server";
import { trustedDevice } from "./device-cookies.server";

/**
 * Failed sign-ins allowed per 15 minutes, counted before the password is checked (so parallel
 * guesses cannot exceed them) and given back when it was right. Untrusted clients (no valid device
 * cookie for the account, app/auth/device-cookies.server.ts) share these:
 * - per e-mail and client address: the one guessing is slowed down;
 * - per e-mail: guessing spread over many addresses is capped;
 * - per client address across accounts: one machine trying many accounts (generous: offices share
 *   one address).
 * A browser with a valid device cookie for the account is a trusted client: none of these hold it
 * up, only its own limit per device cookie. So guessing from the owner's network (an office, a
 * carrier's shared address) never locks the owner out of a browser they signed in on before; and
 * anywhere else the e-mailed password reset link (counted separately) lets them in.
 */
export const LOGIN_FAILURES_PER_EMAIL_AND_ADDRESS: RateLimitRule = {
  name: "login-email-ip",
  limit: 5,
  windowSeconds: 15 * 60,
};
export const LOGIN_FAILURES_PER_EMAIL: RateLimitRule = { name: "login-email", limit: 10, windowSeconds: 15 * 60 };
export const LOGIN_FAILURES_PER_ADDRESS: RateLimitRule = { name: "login-ip", limit: 50, windowSeconds: 15 * 60 };
export const LOGIN_FAILURES_PER_DEVICE: RateLimitRule = { name: "login-device", limit: 5, windowSeconds: 15 * 60 };

class InvalidCredentialsError extends Error {
  override name = "InvalidCredentialsError";
}

/** remix-auth with the form strategy: e-mail and password checked against the users table. */
export const authenticator = new Authenticator<User>().use(
  new FormStrategy(async ({ form }) => {
    const email = form.get("email");
    const password = form.get("password");
    if (typeof email !== "string" || typeof password !== "string") throw new InvalidCredentialsError();
    const user = await verifyCredentials(email, password);
    if (!user) throw new InvalidCredentialsError();
    return user;
  }),
  "form",
);

export type LoginOutcome =
  /** Right password; `next` says what the session becomes: signed in, awaiting the code, or awaiting verification of the address. */
  | { kind: "ok"; user: User; next: "signed-in" | "second-factor" | "unverified"; redirectTo: string | undefined }
  | { kind: "invalid"; reply: SubmissionResult<string[]> }
  | { kind: "throttled"; retryAfterSeconds: number; reply: SubmissionResult<string[]> };

/**
 * Signs a visitor in from the login form: validates, takes a place under each failure limit
 * (shared by every instance through the database), then authenticates through remix-auth. Wrong
 * password and unknown e-mail give the same message. A right password for an unconfirmed address
 * does not sign in; for an account with two-factor sign-in it only opens the code step.
 */
export async function attemptLogin(
  request: Request,
  { clientAddress, lang }: { clientAddress: string; lang: Lang },
): Promise<LoginOutcome> {
  const t = accountText[lang];
  // remix-auth-form reads the body itself: parse a copy.
  const formData = await formOrEmpty(request.clone());
  const submission = parseWithZod(formData, { schema: loginSchema(t) });
  if (submission.status !== "success")
    return { kind: "invalid", reply: submission.reply({ hideFields: ["password"] }) };
  const email = normalizeEmail(submission.value.email);

  const device = await trustedDevice(request, email);
  const rules = device
    ? [{ rule: LOGIN_FAILURES_PER_DEVICE, subject: `${email}|${device}` }]
    : [
        { rule: LOGIN_FAILURES_PER_EMAIL_AND_ADDRESS, subject: `${email}|${clientAddress}` },
        { rule: LOGIN_FAILURES_PER_ADDRESS, subject: clientAddress },
        { rule: LOGIN_FAILURES_PER_EMAIL, subject: email },
      ];
  const attempt = await takeAttempt(rules);
  if (!attempt.allowed) {
    const retryAfterSeconds = attempt.retryAfterSeconds;
    return {
      kind: "throttled",
      retryAfterSeconds,
      reply: submission.reply({ formErrors: [tryAgainText(t, retryAfterSeconds)], hideFields: ["password"] }),
    };
  }

  try {
    const user = await authenticator.authenticate("form", request);
    // A right password is not a failure.
    await attempt.release();
    await rememberLanguage(user.id, lang);
    const next =
      user.emailConfirmedAt === null ? "unverified" : user.totpEnabledAt !== null ? "second-factor" : "signed-in";
    return { kind: "ok", user, next, redirectTo: submission.value.redirectTo };
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof InvalidCredentialsError)) {
      await attempt.release();
      throw error;
    }
    return { kind: "invalid", reply: submission.reply({ formErrors: [t.login.invalid], hideFields: ["password"] }) };
  }
}
