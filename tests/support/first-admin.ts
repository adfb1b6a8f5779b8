import { cookieFrom, postForm } from "./http";
import type { RunningServer } from "./server-process";
import { totpCode, unusedTotpCode } from "./totp";

export const E2E_ADMIN = {
  email: "e2e-admin@example.com",
  password: "e2e-admin-password-2025",
  name: "Test Administrator",
};

/** The admin, the secret of its authenticator, and the cookie of the session set-up left it signed in with. */
export type EnrolledAdmin = typeof E2E_ADMIN & { totpSecret: string; cookie: string };

/**
 * Turns on two-factor sign-in for the signed-in account of `cookie` the way a person does: opens
 * the enrolment page, reads the setup key shown as text, and confirms with a code of it (computed
 * by the tests' own TOTP). Returns the secret. `stateFile` remembers the step used (see unusedTotpCode).
 */
export async function enrolTwoFactor(baseUrl: string, cookie: string, stateFile?: string) {
  const page = await fetch(`${baseUrl}/dashboard/settings/two-factor`, { headers: { Cookie: cookie } });
  const html = await page.text();
  const secret = /data-testid="two-factor-secret"[^>]*>([A-Z2-7 ]+)</.exec(html)?.[1]?.replace(/ /g, "");
  if (page.status !== 200 || !secret) throw new Error(`no enrolment page: HTTP ${page.status}`);
  const code = stateFile ? await unusedTotpCode(secret, stateFile) : totpCode(secret);
  const confirmed = await postForm(baseUrl, "/dashboard/settings/two-factor", { intent: "enable", code }, { cookie });
  const answer = await confirmed.text();
  if (confirmed.status !== 200 || !answer.includes('data-testid="recovery-codes"'))
    throw new Error(`two-factor enrolment failed: HTTP ${confirmed.status}`);
  const recoveryCodes = [...answer.matchAll(/>([a-z2-9]{5}-[a-z2-9]{5})</g)].map((match) => match[1]!);
  return { secret, recoveryCodes };
}

/**
 * Creates the first admin of a fresh test server the way an operator does: through the one-time
 * /setup link the server prints at start while no admin exists, then the two-factor enrolment
 * every admin goes through first. Browser tests then sign in with E2E_ADMIN and codes of the
 * returned secret (exported as E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD / E2E_ADMIN_TOTP_SECRET).
 */
export async function createFirstAdmin(
  server: RunningServer,
  admin = E2E_ADMIN,
  { timeoutMs = 30_000, stateFile }: { timeoutMs?: number; stateFile?: string } = {},
): Promise<EnrolledAdmin> {
  const deadline = Date.now() + timeoutMs;
  let link: string | undefined;
  while (!link && Date.now() < deadline) {
    link = /(https?:\/\/\S+\/setup\?token=[A-Za-z0-9_-]+)/.exec(server.output())?.[1];
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!link) throw new Error(`the server printed no admin set-up link:\n${server.output()}`);
  const token = new URL(link).searchParams.get("token")!;
  const response = await postForm(server.url, `/setup?token=${token}`, {
    token,
    name: admin.name,
    email: admin.email,
    password: admin.password,
    confirmPassword: admin.password,
  });
  // A new admin is signed in and taken to the two-factor set-up first.
  if (response.status !== 302 || !response.headers.get("Location")?.endsWith("/dashboard/settings/two-factor")) {
    throw new Error(
      `first-admin set-up failed: HTTP ${response.status} ${await response.text().catch(() => "")}`.slice(0, 2000),
    );
  }
  const session = cookieFrom(response, "__session");
  if (!session) throw new Error("first-admin set-up set no session cookie");
  const { secret } = await enrolTwoFactor(server.url, session, stateFile);
  return { ...admin, totpSecret: secret, cookie: session };
}
