import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { db } from "../db.server";
import { getEnv } from "../env.server";

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; docs/decisions/077).
 * A successful sign-in gives the browser a device cookie for that account; at the next sign-in a
 * valid one makes the browser a trusted client of the account: the limits of untrusted clients
 * (per account and address, per account, per address) do not apply to it, only its own small
 * limit per device (app/auth/login.server.ts). So an attacker guessing from the owner's network
 * (an office, a mobile carrier's shared address) cannot lock the owner out of their own browser.
 *
 * One cookie, `__device`, signed with SESSION_SECRET (any of its rotating secrets), holds up to
 * five entries `account.nonce.stamp`: a digest of the address (never the address), a random nonce
 * (the subject of the device's own limit) and an HMAC binding both to the account's current
 * password hash. A password change or reset replaces the hash, so every device cookie of the
 * account stops counting at once, as its sessions end.
 */
export const DEVICE_COOKIE = "__device";
const MAX_ACCOUNTS = 5;
const ENTRY = /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

let cookie: ReturnType<typeof createCookie> | undefined;
function deviceCookie() {
  const env = getEnv();
  cookie ??= createCookie(DEVICE_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env.isProduction,
    secrets: env.SESSION_SECRET,
    maxAge: 60 * 60 * 24 * 365,
  });
  return cookie;
}

/** A short digest of the (normalised) address: the cookie names accounts without naming them. */
const accountDigest = (email: string) =>
  crypto.createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 16);

function stamp(secret: string, userId: string, nonce: string, passwordHash: string) {
  return crypto
    .createHmac("sha256", secret)
    .update(`device|${userId}|${nonce}|${passwordHash}`)
    .digest("base64url")
    .slice(0, 22);
}

async function entriesOf(
  request: Request,
): Promise<Array<{ account: string; nonce: string; stamp: string; raw: string }>> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${DEVICE_COOKIE}=`)) return [];
  try {
    const value: unknown = await deviceCookie().parse(header);
    if (!Array.isArray(value)) return [];
    return value
      .slice(0, MAX_ACCOUNTS)
      .map((raw) => (typeof raw === "string" ? ENTRY.exec(raw) : null))
      .filter((match): match is RegExpExecArray => match !== null)
      .map(([raw, account, nonce, given]) => ({ account: account!, nonce: nonce!, stamp: given!, raw: raw! }));
  } catch {
    return [];
  }
}

async function passwordHashOf(where: { id: string } | { email: string }) {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where("id" in where ? eq(users.id, where.id) : eq(users.email, where.email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** The Set-Cookie value that makes this browser a trusted client of `user` (after a full sign-in). */
export async function issueDeviceCookie(request: Request, user: { id: string; email: string }): Promise<string | null> {
  const account = await passwordHashOf({ id: user.id });
  if (!account) return null;
  const nonce = crypto.randomBytes(16).toString("base64url");
  const secret = getEnv().SESSION_SECRET[0]!;
  const entry = `${accountDigest(user.email)}.${nonce}.${stamp(secret, account.id, nonce, account.passwordHash)}`;
  const others = (await entriesOf(request))
    .filter((other) => other.account !== accountDigest(user.email))
    .map((other) => other.raw);
  return deviceCookie().serialize([entry, ...others].slice(0, MAX_ACCOUNTS));
}

/**
 * The device id (its nonce) when the request carries a valid device cookie for the account of
 * `email`: signed by us, and issued since the account's password was last set. Otherwise null: an
 * untrusted client.
 */
export async function trustedDevice(request: Request, email: string): Promise<string | null> {
  const entry = (await entriesOf(request)).find((candidate) => candidate.account === accountDigest(email));
  if (!entry) return null;
  const account = await passwordHashOf({ email });
  if (!account) return null;
  const given = Buffer.from(entry.stamp);
  const valid = getEnv().SESSION_SECRET.some((secret) => {
    const expected = Buffer.from(stamp(secret, account.id, entry.nonce, account.passwordHash));
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
  return valid ? entry.nonce : null;
}
