// Signing in for integration tests: through the login form of a running server, as a browser
// does, with the two-factor step when the account has it. Browser tests sign in through the page
// instead (tests/support/browser-accounts.ts).
import { cookieFrom, postForm } from "./http";
import { SEEDED_ADMIN_TOTP_SECRET } from "./seed-accounts";
import type { RunningServer } from "./server-process";
import { unusedTotpCode } from "./totp";

/**
 * Signs in through the login form and, for an account with two-factor sign-in, its second step
 * with a code of `totpSecret` not used before (the seeded admin's by default). Returns the session
 * cookie ("__session=…"); throws when the server does not sign the account in.
 */
export async function signInOverHttp(
  baseUrl: string,
  email: string,
  password: string,
  totpSecret = SEEDED_ADMIN_TOTP_SECRET,
): Promise<string> {
  let response = await postForm(baseUrl, "/client-login", { intent: "login", email, password });
  let session = cookieFrom(response, "__session");
  if (
    response.status === 302 &&
    session &&
    new URL(response.headers.get("location") ?? "/", baseUrl).pathname === "/client-login/two-factor"
  ) {
    response = await postForm(
      baseUrl,
      "/client-login/two-factor",
      { code: await unusedTotpCode(totpSecret) },
      { cookie: session },
    );
    session = cookieFrom(response, "__session");
  }
  if (response.status !== 302 || !session) throw new Error(`sign-in of ${email} failed: HTTP ${response.status}`);
  return session;
}

/** A client signed in (their session cookie) with one travel ban check in the cart (its cookie), as `name=value` pairs. */
export async function clientWithCart(
  server: RunningServer,
  email: string,
  password: string,
): Promise<{ session: string; cart: string }> {
  const session = await signInOverHttp(server.url, email, password);
  const added = await postForm(server.url, "/cart/update", {
    intent: "add",
    serviceType: "travel-ban",
    tierId: "basic",
  });
  const cart = cookieFrom(added, "__cart");
  if (!cart) throw new Error(`the cart was not filled (${added.status})`);
  return { session, cart };
}
