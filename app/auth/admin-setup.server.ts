import { getEnv } from "../env.server";
import { db } from "../db.server";
import { localizePath } from "../i18n/lang";
import { adminExists, createOrPromoteAdmin } from "./accounts.server";
import { consumeToken, findValidToken, issueToken } from "./tokens.server";

/**
 * A fresh install has no admin. While that is so, each server start prints a one-time link to
 * /setup where the operator creates the first admin account (the token is kept hashed; the link
 * is valid for 24 hours and works once). With an admin present nothing is printed.
 */
export async function announceAdminSetup(log: (message: string) => void) {
  if (await adminExists()) return null;
  const token = await issueToken(db, { userId: null, purpose: "admin-setup" });
  const url = `${getEnv().SITE_URL}${localizePath("en", "/setup")}?token=${token}`;
  log(`No administrator account exists yet. Create the first one (link valid for 24 hours, usable once): ${url}`);
  log("Or stop the server and run: npm run admin:create -- --email you@example.com --password '…'");
  return url;
}

/** Whether /setup may be shown for this token: no admin yet and a valid, unused token. */
export async function canSetUpAdmin(token: unknown) {
  if (await adminExists()) return false;
  return (await findValidToken(db, token, "admin-setup")) !== null;
}

/** Creates the first admin through the set-up link; null when an admin exists or the link is bad. */
export async function setUpFirstAdmin({
  token,
  name,
  email,
  password,
}: {
  token: string;
  name: string;
  email: string;
  password: string;
}) {
  return db.transaction(async (tx) => {
    if (await adminExists(tx)) return null;
    if (!(await consumeToken(tx, token, "admin-setup"))) return null;
    const { user } = await createOrPromoteAdmin({ email, password, name }, tx);
    return user;
  });
}
