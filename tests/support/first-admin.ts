import type { RunningServer } from "./server-process";

export const E2E_ADMIN = { email: "e2e-admin@example.com", password: "e2e-admin-password-2025", name: "Test Administrator" };

/**
 * Creates the first admin of a fresh test server the way an operator does: through the one-time
 * /setup link the server prints at start while no admin exists. Browser tests then sign in with
 * E2E_ADMIN (exported as E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD).
 */
export async function createFirstAdmin(server: RunningServer, admin = E2E_ADMIN, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let link: string | undefined;
  while (!link && Date.now() < deadline) {
    link = /(https?:\/\/\S+\/setup\?token=[A-Za-z0-9_-]+)/.exec(server.output())?.[1];
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!link) throw new Error(`the server printed no admin set-up link:\n${server.output()}`);
  const token = new URL(link).searchParams.get("token")!;
  const response = await fetch(`${server.url}/setup?token=${token}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
    body: new URLSearchParams({ token, name: admin.name, email: admin.email, password: admin.password, confirmPassword: admin.password }).toString(),
  });
  if (response.status !== 302 || !response.headers.get("Location")?.endsWith("/admin")) {
    throw new Error(`first-admin set-up failed: HTTP ${response.status} ${await response.text().catch(() => "")}`.slice(0, 2000));
  }
  return admin;
}
