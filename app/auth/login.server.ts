import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { User } from "../../db/schema";
import { accountText, tryAgainText } from "../content/accounts.server";
import type { Lang } from "../i18n/lang";
import { formOrEmpty } from "../utils/http.server";
import { hitRateLimit, peekRateLimit, type RateLimitRule } from "../utils/rate-limit.server";
import { normalizeEmail, rememberLanguage, verifyCredentials } from "./accounts.server";
import { loginSchema } from "./schemas.server";

/**
 * Failed sign-ins allowed per window. Per e-mail protects one account from password guessing; per
 * address slows one machine trying many accounts (generous: offices share one address).
 */
export const LOGIN_FAILURES_PER_EMAIL: RateLimitRule = { name: "login-email", limit: 8, windowSeconds: 15 * 60 };
export const LOGIN_FAILURES_PER_ADDRESS: RateLimitRule = { name: "login-ip", limit: 50, windowSeconds: 15 * 60 };

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
  | { kind: "ok"; user: User; redirectTo: string | undefined }
  | { kind: "invalid"; reply: SubmissionResult<string[]> }
  | { kind: "throttled"; retryAfterSeconds: number; reply: SubmissionResult<string[]> };

/**
 * Signs a visitor in from the login form: validates, checks the failure limits (per e-mail and
 * per address, shared by every instance through the database), then authenticates through
 * remix-auth. Wrong password and unknown e-mail give the same message.
 */
export async function attemptLogin(request: Request, { clientAddress, lang }: { clientAddress: string; lang: Lang }): Promise<LoginOutcome> {
  const t = accountText[lang];
  // remix-auth-form reads the body itself: parse a copy.
  const formData = await formOrEmpty(request.clone());
  const submission = parseWithZod(formData, { schema: loginSchema(t) });
  if (submission.status !== "success") return { kind: "invalid", reply: submission.reply({ hideFields: ["password"] }) };
  const email = normalizeEmail(submission.value.email);

  const [byEmail, byAddress] = await Promise.all([peekRateLimit(LOGIN_FAILURES_PER_EMAIL, email), peekRateLimit(LOGIN_FAILURES_PER_ADDRESS, clientAddress)]);
  const blocked = [byEmail, byAddress].filter((limit) => !limit.allowed);
  if (blocked.length) {
    const retryAfterSeconds = Math.max(...blocked.map((limit) => limit.retryAfterSeconds));
    return { kind: "throttled", retryAfterSeconds, reply: submission.reply({ formErrors: [tryAgainText(t, retryAfterSeconds)], hideFields: ["password"] }) };
  }

  try {
    const user = await authenticator.authenticate("form", request);
    await rememberLanguage(user.id, lang);
    return { kind: "ok", user, redirectTo: submission.value.redirectTo };
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof InvalidCredentialsError)) throw error;
    await Promise.all([hitRateLimit(LOGIN_FAILURES_PER_EMAIL, email), hitRateLimit(LOGIN_FAILURES_PER_ADDRESS, clientAddress)]);
    return { kind: "invalid", reply: submission.reply({ formErrors: [t.login.invalid], hideFields: ["password"] }) };
  }
}
