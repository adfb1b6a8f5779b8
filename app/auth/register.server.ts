import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { accountText, tryAgainText } from "../content/accounts.server";
import type { Lang } from "../i18n/lang";
import { formOrEmpty } from "../http/http.server";
import { hitRateLimit, type RateLimitRule } from "../http/rate-limit.server";
import { registerAccount } from "./accounts.server";
import { registerSchema } from "./schemas.server";

/** Registrations per address and hour: enough for an office behind one address, not for a script. */
export const REGISTRATIONS_PER_ADDRESS: RateLimitRule = { name: "register-ip", limit: 60, windowSeconds: 60 * 60 };
/** Registration mails per e-mail address and hour: the form must not become a way to flood someone's inbox. */
export const REGISTRATIONS_PER_EMAIL: RateLimitRule = { name: "register-email", limit: 3, windowSeconds: 60 * 60 };

export type RegisterOutcome =
  | { kind: "ok"; redirectTo: string | undefined }
  | { kind: "invalid"; reply: SubmissionResult<string[]> }
  | { kind: "throttled"; retryAfterSeconds: number; reply: SubmissionResult<string[]> };

/** The register form: validate, count against the address's limit, create (or quietly notify). */
export async function registerVisitor(
  request: Request,
  { clientAddress, lang }: { clientAddress: string; lang: Lang },
): Promise<RegisterOutcome> {
  const t = accountText[lang];
  const formData = await formOrEmpty(request);
  const submission = parseWithZod(formData, { schema: registerSchema(t) });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return { kind: "invalid", reply: submission.reply({ hideFields }) };
  const limit = await hitRateLimit(REGISTRATIONS_PER_ADDRESS, clientAddress);
  if (!limit.allowed) {
    return {
      kind: "throttled",
      retryAfterSeconds: limit.retryAfterSeconds,
      reply: submission.reply({ formErrors: [tryAgainText(t, limit.retryAfterSeconds)], hideFields }),
    };
  }
  const { name, email, password } = submission.value;
  // Past the per-e-mail limit the answer stays the same (a different one would reveal the account)
  // and nothing is created or sent.
  if ((await hitRateLimit(REGISTRATIONS_PER_EMAIL, email)).allowed)
    await registerAccount({ name, email, password, lang });
  const redirectTo = formData.get("redirectTo");
  return { kind: "ok", redirectTo: typeof redirectTo === "string" ? redirectTo : undefined };
}
