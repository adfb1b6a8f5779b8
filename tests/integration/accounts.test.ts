import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formRequest } from "../support/http";
import { openDatabase } from "../../db/client";
import { authTokens, outbox, sessions, users, type User } from "../../db/schema";
import {
  changePassword,
  createOrPromoteAdmin,
  findUserByEmail,
  isVerifiedThroughUsedLink,
  registerAccount,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  userOfResetToken,
  verifyEmail,
} from "../../app/auth/accounts.server";
import { announceAdminSetup, canSetUpAdmin, setUpFirstAdmin } from "../../app/auth/admin-setup.server";
import {
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_FAILURES_PER_DEVICE,
  LOGIN_FAILURES_PER_EMAIL,
  LOGIN_FAILURES_PER_EMAIL_AND_ADDRESS,
  attemptLogin,
} from "../../app/auth/login.server";
import { verifyPassword } from "../../app/auth/password.server";
import { REGISTRATIONS_PER_ADDRESS, REGISTRATIONS_PER_EMAIL, registerVisitor } from "../../app/auth/register.server";
import {
  createUserSession,
  deleteExpiredSessions,
  endSession,
  getUser,
  listSessions,
  requireAdmin,
  requireUser,
} from "../../app/auth/session.server";
import { parseSecondFactorInput } from "../../app/auth/two-factor.server";
import { safeRedirectPath } from "../../app/utils/safe-redirect";
import { hashToken } from "../../app/auth/tokens.server";
import { useDatabaseForTests } from "../../app/db.server";
import { hitRateLimit } from "../../app/http/rate-limit.server";
import { resetEnvForTests } from "../../app/env.server";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

const SITE = "http://accounts.test";
let addressCounter = 0;
/** A fresh client address per test, so the per-address limits of one test do not touch another. */
const address = () => `198.51.100.${++addressCounter}`;
let emailCounter = 0;
const email = (prefix = "user") => `${prefix}-${++emailCounter}@example.com`;

/** A form posted to `path` of the site, as it reaches the action. */
const accountForm = (path: string, fields: Record<string, string>, cookie?: string) =>
  formRequest(`${SITE}${path}`, fields, { cookie });

/** The session cookie ("name=value") a sign-in response sets. */
async function sessionCookieOf(response: Response) {
  const setCookies = response.headers.getSetCookie();
  const session = setCookies.find((value) => value.startsWith("__session="));
  if (!session) throw new Error("no session cookie set");
  return session.split(";")[0]!;
}

function pageRequest(path: string, cookie?: string) {
  return new Request(`${SITE}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

/** A signed-in session of `user` (as the login page starts one) and its cookie. */
async function signedIn(user: Pick<User, "id" | "email">, from?: Request) {
  return sessionCookieOf(
    await createUserSession({
      user,
      request: from ?? pageRequest("/client-login"),
      clientAddress: "198.51.100.250",
      redirectTo: "/",
    }),
  );
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown response");
}

describe(`accounts on ${testDbKind()}`, () => {
  const t = useTestDatabase();

  beforeAll(async () => {
    process.env.SITE_URL = SITE;
    process.env.SESSION_SECRET = "s".repeat(40);
    resetEnvForTests();
  });
  afterAll(async () => {
    delete process.env.SITE_URL;
    resetEnvForTests();
  });

  async function lastMailTo(to: string) {
    const [mail] = await t.handle.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, to))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    return mail;
  }
  async function mailsTo(to: string) {
    return t.handle.db.select().from(outbox).where(eq(outbox.toAddress, to));
  }
  const tokenIn = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

  async function registered(prefix = "user", password = "correct-horse-battery") {
    const newEmail = email(prefix);
    await registerAccount({ name: "Aisha Rahman", email: newEmail, password, lang: "en" });
    const mail = await lastMailTo(newEmail);
    return { email: newEmail, password, verifyToken: tokenIn(mail!.textBody)! };
  }
  /** A registered account whose address is confirmed (it can sign in). */
  async function verified(prefix = "user", password = "correct-horse-battery") {
    const account = await registered(prefix, password);
    await verifyEmail(account.verifyToken);
    return account;
  }

  describe("registration", () => {
    it("stores the account with a salted memory-hard hash and full name, and mails a hashed, expiring verification link", async () => {
      const { email: registeredEmail, verifyToken } = await registered("reg");
      const user = (await findUserByEmail(registeredEmail))!;
      expect(user.fullName).toBe("Aisha Rahman");
      expect(user.role).toBe("client");
      expect(user.emailConfirmedAt).toBeNull();
      expect(user.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
      expect(user.passwordHash).not.toContain("correct-horse-battery");
      expect(await verifyPassword("correct-horse-battery", user.passwordHash)).toBe(true);

      const mail = (await lastMailTo(registeredEmail))!;
      expect(mail.kind).toBe("verify-email");
      expect(mail.textBody).toContain(`${SITE}/verify-email?token=`);
      const [token] = await t.handle.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
      // Only the hash is stored.
      expect(token!.tokenHash).toBe(hashToken(verifyToken));
      expect(token!.tokenHash).not.toBe(verifyToken);
      const hours = (token!.expiresAt.getTime() - token!.createdAt.getTime()) / 3_600_000;
      expect(hours).toBeCloseTo(24, 5);
    });

    it("answers an already registered e-mail the same way, creating nothing and mailing the owner instead", async () => {
      const { email: existing } = await registered("dup");
      const response = await registerVisitor(
        accountForm("/client-login", {
          intent: "register",
          name: "Someone Else",
          email: existing.toUpperCase(),
          password: "another-horse-77",
          confirmPassword: "another-horse-77",
        }),
        {
          clientAddress: address(),
          lang: "en",
        },
      );
      expect(response.kind).toBe("ok");
      const rows = await t.handle.db.select().from(users).where(eq(users.email, existing));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.fullName).toBe("Aisha Rahman");
      expect(await verifyPassword("another-horse-77", rows[0]!.passwordHash)).toBe(false);
      const kinds = (await mailsTo(existing)).map((m) => m.kind).sort();
      expect(kinds).toEqual(["account-exists", "verify-email"]);
    });

    it("refuses mismatched, short and common passwords with readable messages", async () => {
      const attempt = (password: string, confirmPassword = password) =>
        registerVisitor(
          accountForm("/client-login", {
            intent: "register",
            name: "A",
            email: email("weak"),
            password,
            confirmPassword,
          }),
          { clientAddress: address(), lang: "en" },
        );
      const mismatch = await attempt("correct-horse-battery", "correct-horse-batterz");
      expect(mismatch.kind === "invalid" && mismatch.reply.error?.confirmPassword).toEqual(["Passwords do not match"]);
      const short = await attempt("abc123");
      expect(short.kind === "invalid" && short.reply.error?.password).toEqual([
        "Your password must be at least 8 characters long.",
      ]);
      const common = await attempt("Password123");
      expect(common.kind === "invalid" && common.reply.error?.password?.[0]).toMatch(/most common/);
      // Passwords never come back to the page.
      expect(common.kind === "invalid" && common.reply.initialValue?.password).toBeUndefined();
      const missing = await registerVisitor(accountForm("/client-login", { intent: "register" }), {
        clientAddress: address(),
        lang: "ar",
      });
      expect(missing.kind === "invalid" && Object.keys(missing.reply.error ?? {}).sort()).toEqual([
        "confirmPassword",
        "email",
        "name",
        "password",
      ]);
      expect(missing.kind === "invalid" && missing.reply.error?.email).toEqual(["يرجى إدخال بريدك الإلكتروني."]);
    });

    it("limits registrations per address", async () => {
      const from = address();
      const register = () =>
        registerVisitor(
          accountForm("/client-login", {
            intent: "register",
            name: "Bulk",
            email: email("bulk"),
            password: "correct-horse-battery",
            confirmPassword: "correct-horse-battery",
          }),
          { clientAddress: from, lang: "en" },
        );
      expect((await register()).kind).toBe("ok");
      // The rest of the hour's allowance, counted the way the form counts it.
      for (let i = 1; i < REGISTRATIONS_PER_ADDRESS.limit; i++) await hitRateLimit(REGISTRATIONS_PER_ADDRESS, from);
      const refused = await register();
      expect(refused.kind).toBe("throttled");
      expect(refused.kind === "throttled" && refused.reply.error?.[""]?.[0]).toMatch(/Please try again in \d+ minutes/);
    });

    it("sends at most a few registration mails per e-mail address an hour, answering the same", async () => {
      const { email: target } = await registered("flood");
      const outcomes = [];
      for (let i = 0; i < REGISTRATIONS_PER_EMAIL.limit + 2; i++) {
        outcomes.push(
          (
            await registerVisitor(
              accountForm("/client-login", {
                intent: "register",
                name: "Flood",
                email: target,
                password: "correct-horse-battery",
                confirmPassword: "correct-horse-battery",
              }),
              { clientAddress: address(), lang: "en" },
            )
          ).kind,
        );
      }
      expect(new Set(outcomes)).toEqual(new Set(["ok"]));
      const notes = (await mailsTo(target)).filter((m) => m.kind === "account-exists");
      expect(notes).toHaveLength(REGISTRATIONS_PER_EMAIL.limit);
    }, 60_000);
  });

  describe("login", () => {
    const login = (fields: Record<string, string>, clientAddress = address()) =>
      attemptLogin(accountForm("/client-login", { intent: "login", ...fields }), { clientAddress, lang: "en" });

    it("signs in with the right password through remix-auth; a wrong password and an unknown e-mail get the same message", async () => {
      const account = await verified("login");
      const ok = await login({
        email: account.email.toUpperCase(),
        password: account.password,
        redirectTo: "/checkout",
      });
      expect(ok.kind).toBe("ok");
      expect(ok.kind === "ok" && ok.next).toBe("signed-in");
      expect(ok.kind === "ok" && ok.user.email).toBe(account.email);
      expect(ok.kind === "ok" && ok.redirectTo).toBe("/checkout");

      const wrong = await login({ email: account.email, password: "wrong-password-1" });
      const unknown = await login({ email: "nobody-here@example.com", password: "wrong-password-1" });
      expect(wrong.kind).toBe("invalid");
      expect(unknown.kind).toBe("invalid");
      const message = (outcome: typeof wrong) => (outcome.kind === "ok" ? null : outcome.reply.error?.[""]);
      expect(message(wrong)).toEqual(["Invalid email or password."]);
      expect(message(unknown)).toEqual(message(wrong));
      expect(wrong.kind !== "ok" && wrong.reply.initialValue?.password).toBeUndefined();

      const empty = await login({});
      expect(empty.kind === "invalid" && empty.reply.error?.email).toEqual(["Please enter your email address."]);
      expect(empty.kind === "invalid" && empty.reply.error?.password).toEqual(["Please enter your password."]);
    });

    it("does not sign in before the address is confirmed, whatever the password", async () => {
      const account = await registered("unconfirmed");
      const outcome = await login({ email: account.email, password: account.password });
      expect(outcome.kind === "ok" && outcome.next).toBe("unverified");
      expect((await login({ email: account.email, password: "wrong-password-1" })).kind).toBe("invalid");
      await verifyEmail(account.verifyToken);
      const after = await login({ email: account.email, password: account.password });
      expect(after.kind === "ok" && after.next).toBe("signed-in");
    });

    it("slows one address guessing one account, with a time to try again, while the owner elsewhere still signs in", async () => {
      const account = await verified("throttle");
      const attacker = address();
      for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL_AND_ADDRESS.limit; i++)
        expect((await login({ email: account.email, password: `wrong-${i}-password` }, attacker)).kind).toBe("invalid");
      const blocked = await login({ email: account.email, password: account.password }, attacker);
      expect(blocked.kind).toBe("throttled");
      expect(blocked.kind === "throttled" && blocked.retryAfterSeconds).toBeGreaterThan(0);
      expect(blocked.kind === "throttled" && blocked.reply.error?.[""]?.[0]).toMatch(/Please try again in \d+ minutes/);
      // The owner, from their own address: in.
      expect((await login({ email: account.email, password: account.password }, address())).kind).toBe("ok");
    });

    it("caps guessing one account from many addresses, except from a browser that signed in to it before", async () => {
      const account = await verified("spread");
      const user = (await findUserByEmail(account.email))!;
      // The owner signed in on this browser once: it carries the signed "known device" cookie.
      const earlier = await createUserSession({
        user,
        request: pageRequest("/client-login"),
        clientAddress: address(),
        redirectTo: "/",
      });
      const deviceCookie = earlier.headers
        .getSetCookie()
        .find((value) => value.startsWith("__device="))!
        .split(";")[0]!;
      for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL.limit; i++)
        expect((await login({ email: account.email, password: `wrong-${i}-password` })).kind).toBe("invalid");
      // A new browser on a new address, even with the right password: throttled (the reset link still works).
      expect((await login({ email: account.email, password: account.password })).kind).toBe("throttled");
      const fromKnownDevice = await attemptLogin(
        accountForm(
          "/client-login",
          { intent: "login", email: account.email, password: account.password },
          deviceCookie,
        ),
        { clientAddress: address(), lang: "en" },
      );
      expect(fromKnownDevice.kind).toBe("ok");
      // A forged device cookie is worth nothing.
      const forged = await attemptLogin(
        accountForm(
          "/client-login",
          { intent: "login", email: account.email, password: account.password },
          `${deviceCookie.slice(0, -3)}AAA`,
        ),
        { clientAddress: address(), lang: "en" },
      );
      expect(forged.kind).toBe("throttled");
    });

    it("an attacker and the owner on one address: the owner gets in with the device cookie, not without; the cookie has its own limit and ends with a password change", async () => {
      const account = await verified("shared-address");
      const user = (await findUserByEmail(account.email))!;
      const office = address();
      const earlier = await createUserSession({
        user,
        request: pageRequest("/client-login"),
        clientAddress: address(),
        redirectTo: "/",
      });
      const deviceCookie = earlier.headers
        .getSetCookie()
        .find((value) => value.startsWith("__device="))!
        .split(";")[0]!;
      // The attacker, on the office's address, fills every limit of untrusted clients.
      for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL.limit; i++)
        await login({ email: account.email, password: `wrong-${i}-password` }, office);
      const fromOffice = (cookie?: string, password = account.password) =>
        attemptLogin(accountForm("/client-login", { intent: "login", email: account.email, password }, cookie), {
          clientAddress: office,
          lang: "en",
        });
      // The owner on the same address: without the device cookie refused, with it in.
      expect((await fromOffice()).kind).toBe("throttled");
      expect((await fromOffice(deviceCookie)).kind).toBe("ok");
      // A device cookie of another account is worth nothing for this one.
      const other = await verified("shared-address-other");
      const otherCookie = (
        await createUserSession({
          user: (await findUserByEmail(other.email))!,
          request: pageRequest("/client-login"),
          clientAddress: address(),
          redirectTo: "/",
        })
      ).headers
        .getSetCookie()
        .find((value) => value.startsWith("__device="))!
        .split(";")[0]!;
      expect((await fromOffice(otherCookie)).kind).toBe("throttled");
      // Guessing with a stolen device cookie meets the device's own limit, which holds up only that cookie.
      for (let i = 0; i < LOGIN_FAILURES_PER_DEVICE.limit; i++)
        expect((await fromOffice(deviceCookie, `wrong-device-${i}`)).kind).toBe("invalid");
      expect((await fromOffice(deviceCookie)).kind).toBe("throttled");
      const second = await createUserSession({
        user,
        request: pageRequest("/client-login"),
        clientAddress: address(),
        redirectTo: "/",
      });
      const secondDevice = second.headers
        .getSetCookie()
        .find((value) => value.startsWith("__device="))!
        .split(";")[0]!;
      expect((await fromOffice(secondDevice)).kind).toBe("ok");
      // A password change ends the account's device cookies with its sessions.
      const changed = await changePassword(user.id, account.password, "new-password-after-theft");
      expect(changed.ok).toBe(true);
      expect((await fromOffice(secondDevice, "new-password-after-theft")).kind).toBe("throttled");
      // Some twenty password hashes: slow on a busy machine.
    }, 120_000);

    it("counts only failures: signing in again and again from one address is never throttled", async () => {
      const account = await verified("often");
      const from = address();
      for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL_AND_ADDRESS.limit + 3; i++)
        expect((await login({ email: account.email, password: account.password }, from)).kind).toBe("ok");
    }, 60_000);

    it("throttles failed sign-ins per address across many e-mails", async () => {
      const from = address();
      const account = await verified("victim");
      for (let i = 3; i < LOGIN_FAILURES_PER_ADDRESS.limit; i++) await hitRateLimit(LOGIN_FAILURES_PER_ADDRESS, from);
      for (let i = 0; i < 3; i++)
        expect((await login({ email: `spray-${i}@example.com`, password: "wrong-password-1" }, from)).kind).toBe(
          "invalid",
        );
      expect((await login({ email: account.email, password: account.password }, from)).kind).toBe("throttled");
      expect((await login({ email: account.email, password: account.password }, address())).kind).toBe("ok");
    });
  });

  describe("sessions and roles", () => {
    it("reads the user from a signed cookie naming a session row; a forged or edited cookie counts as signed out", async () => {
      const account = await verified("session");
      const user = (await findUserByEmail(account.email))!;
      const response = await createUserSession({
        user,
        request: pageRequest("/client-login"),
        clientAddress: "198.51.100.250",
        redirectTo: "/dashboard",
      });
      expect(response.status).toBe(302);
      const setCookie = response.headers.getSetCookie().find((value) => value.startsWith("__session="))!;
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      const cookie = await sessionCookieOf(response);
      expect((await getUser(pageRequest("/", cookie)))?.email).toBe(account.email);

      // Edit the payload but keep the signature: rejected.
      const [name, value] = cookie.split("=") as [string, string];
      const decoded = decodeURIComponent(value);
      const dot = decoded.lastIndexOf(".");
      const token = JSON.parse(Buffer.from(decoded.slice(0, dot), "base64").toString("utf8")) as string;
      // Only the token's hash is stored.
      const [row] = await t.handle.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(row!.tokenHash).not.toContain(token);
      expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      // Another session's token under this signature: rejected.
      const otherUser = (await findUserByEmail((await verified("other-user")).email))!;
      const otherCookie = await signedIn(otherUser);
      const otherToken = JSON.parse(
        Buffer.from(decodeURIComponent(otherCookie.split("=")[1]!).split(".")[0]!, "base64").toString("utf8"),
      ) as string;
      expect(otherToken).not.toBe(token);
      const forgedPayload = Buffer.from(JSON.stringify(otherToken)).toString("base64");
      const forged = `${name}=${encodeURIComponent(`${forgedPayload}.${decoded.slice(dot + 1)}`)}`;
      expect(await getUser(pageRequest("/", forged))).toBeNull();
      // An unsigned cookie: rejected.
      expect(await getUser(pageRequest("/", `${name}=${encodeURIComponent(forgedPayload)}`))).toBeNull();
    });

    it("sends anonymous visitors to the login page with redirectTo and a notice; clients away from admin pages", async () => {
      const anonymous = await thrown(
        requireUser(pageRequest("/checkout?step=2"), {
          toast: {
            kind: "error",
            title: "Authentication Required",
            description: "Please log in to complete your order.",
          },
        }),
      );
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("Location")).toBe("/client-login?redirectTo=%2Fcheckout%3Fstep%3D2");
      expect(anonymous.headers.getSetCookie().some((value) => value.startsWith("__toast="))).toBe(true);

      const arabic = await thrown(requireAdmin(pageRequest("/ar/admin")));
      expect(arabic.headers.get("Location")).toBe("/ar/client-login?redirectTo=%2Far%2Fadmin");

      const client = (await findUserByEmail((await verified("role-client")).email))!;
      const clientCookie = await signedIn(client);
      expect((await requireUser(pageRequest("/dashboard", clientCookie))).role).toBe("client");
      const refused = await thrown(requireAdmin(pageRequest("/admin", clientCookie)));
      expect(refused.headers.get("Location")).toBe("/dashboard");

      const { user: admin } = await createOrPromoteAdmin({
        email: email("role-admin"),
        password: "admin-horse-battery",
        name: "Omar Haddad",
      });
      const adminCookie = await signedIn(admin);
      // An admin without two-factor sign-in is taken to its set-up first, from every page.
      const toSetUp = await thrown(requireAdmin(pageRequest("/admin", adminCookie)));
      expect(toSetUp.headers.get("Location")).toBe("/dashboard/settings/two-factor");
      expect(
        (await thrown(requireUser(pageRequest("/ar/dashboard/settings", adminCookie)))).headers.get("Location"),
      ).toBe("/ar/dashboard/settings/two-factor");
      expect(
        (await requireUser(pageRequest("/dashboard/settings/two-factor", adminCookie), { allowWithoutTwoFactor: true }))
          .role,
      ).toBe("admin");
      await t.handle.db
        .update(users)
        .set({ totpSecret: "JBSWY3DPEHPK3PXP", totpEnabledAt: new Date() })
        .where(eq(users.id, admin.id));
      expect((await requireAdmin(pageRequest("/admin", adminCookie))).role).toBe("admin");
    });

    it("promotes an existing client to admin, ending their old sessions", async () => {
      const account = await verified("promote");
      const before = (await findUserByEmail(account.email))!;
      const oldCookie = await signedIn(before);
      const { user, created } = await createOrPromoteAdmin({ email: account.email, password: "new-admin-password" });
      expect(created).toBe(false);
      expect(user.role).toBe("admin");
      expect(user.emailConfirmedAt).not.toBeNull();
      expect(await getUser(pageRequest("/", oldCookie))).toBeNull();
    });

    it("accepts only local paths as redirect targets", () => {
      expect(safeRedirectPath("/checkout?x=1", "/")).toBe("/checkout?x=1");
      expect(safeRedirectPath("/ar/dashboard", "/")).toBe("/ar/dashboard");
      for (const bad of [
        "//evil.example",
        "/\\evil.example",
        "/\t/evil.example",
        "https://evil.example",
        "javascript:alert(1)",
        "/\nfoo",
        "",
        null,
        undefined,
      ]) {
        expect(safeRedirectPath(bad, "/fallback")).toBe("/fallback");
      }
    });
  });

  describe("server-side sessions", () => {
    it("an expired or deleted row signs out; expired rows are cleaned up; one account cannot end another's session", async () => {
      const user = (await findUserByEmail((await verified("rows")).email))!;
      const cookie = await signedIn(user);
      const second = await signedIn(user);
      expect(await getUser(pageRequest("/", cookie))).not.toBeNull();
      const [first] = await listSessions(user.id);
      expect(first?.clientAddress).toBe("198.51.100.250");
      await t.handle.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, user.id));
      expect(await getUser(pageRequest("/", cookie))).toBeNull();
      expect(await getUser(pageRequest("/", second))).toBeNull();
      await deleteExpiredSessions();
      expect(await t.handle.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);

      const mine = await signedIn(user);
      const intruder = (await findUserByEmail((await verified("intruder")).email))!;
      const [row] = await listSessions(user.id);
      expect(await endSession(intruder.id, row!.id)).toBe(false);
      expect(await endSession(intruder.id, "not-a-uuid")).toBe(false);
      expect(await getUser(pageRequest("/", mine))).not.toBeNull();
      expect(await endSession(user.id, row!.id)).toBe(true);
      expect(await getUser(pageRequest("/", mine))).toBeNull();
    });

    it("a new sign-in on a browser replaces its old session row; a request without the cookie reads nothing", async () => {
      const user = (await findUserByEmail((await verified("rotate")).email))!;
      const first = await signedIn(user);
      const second = await signedIn(user, pageRequest("/client-login", first));
      expect(second).not.toBe(first);
      expect(await getUser(pageRequest("/", first))).toBeNull();
      expect((await getUser(pageRequest("/", second)))?.id).toBe(user.id);
      expect(await listSessions(user.id)).toHaveLength(1);
      expect(await getUser(pageRequest("/", "other=1; __sessionx=2"))).toBeNull();
    });

    it("never touches the database for a request without a session cookie", async () => {
      const cookie = await signedIn((await findUserByEmail((await verified("anonymous-reads")).email))!);
      const touched: string[] = [];
      const tripwire = new Proxy(t.handle, {
        get(target, property, receiver) {
          if (property === "db") touched.push("db");
          return Reflect.get(target, property, receiver) as unknown;
        },
      });
      useDatabaseForTests(tripwire);
      try {
        expect(await getUser(pageRequest("/"))).toBeNull();
        expect(await getUser(pageRequest("/", "lang=ar; __cart=abc"))).toBeNull();
        expect(await getUser(pageRequest("/", "__session=not-signed"))).toBeNull();
        expect(touched).toEqual([]);
        // A session cookie does lead to the read (so the tripwire works).
        expect(await getUser(pageRequest("/", cookie))).not.toBeNull();
        expect(touched.length).toBeGreaterThan(0);
      } finally {
        useDatabaseForTests(t.handle);
      }
    });

    it("reads typed codes leniently and anything else as nothing", () => {
      expect(parseSecondFactorInput(" 123 456 ")).toEqual({ kind: "totp", code: "123456" });
      expect(parseSecondFactorInput("ABCDE23456")).toEqual({ kind: "recovery", code: "abcde-23456" });
      for (const bad of [
        "12345",
        "1234567",
        "1".repeat(100),
        "abc",
        "",
        "١٢٣٤٥٦",
        "12345a",
        null,
        undefined,
        123456,
        "abcde-2345!",
      ])
        expect(parseSecondFactorInput(bad)).toBeNull();
    });
  });

  describe("e-mail verification", () => {
    it("confirms the address only: no session is made, the account's sessions end, and a link of another kind is refused", async () => {
      const account = await registered("verify-only");
      const user = (await findUserByEmail(account.email))!;
      const stray = await signedIn(user);
      await requestPasswordReset(account.email);
      const resetToken = tokenIn((await lastMailTo(account.email))!.textBody)!;
      // Each link works only for its own purpose.
      expect(await verifyEmail(resetToken)).toBeNull();
      expect(await resetPassword(account.verifyToken, "brand-new-password")).toBeNull();
      expect(await userOfResetToken(account.verifyToken)).toBeNull();
      expect(await canSetUpAdmin(account.verifyToken)).toBe(false);
      expect((await verifyEmail(account.verifyToken))?.emailConfirmedAt).toBeInstanceOf(Date);
      expect(await getUser(pageRequest("/", stray))).toBeNull();
      expect(await t.handle.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    });

    it("verifies once with the mailed link; a second use and an expired link fail", async () => {
      const account = await registered("verify");
      const user = await verifyEmail(account.verifyToken);
      expect(user?.emailConfirmedAt).toBeInstanceOf(Date);
      expect(await verifyEmail(account.verifyToken)).toBeNull();
      // A second click on a used link can still tell the visitor the address is verified.
      expect(await isVerifiedThroughUsedLink(account.verifyToken)).toBe(true);

      const late = await registered("late");
      expect(await verifyEmail(late.verifyToken, new Date(Date.now() + 25 * 3_600_000))).toBeNull();
      expect(await isVerifiedThroughUsedLink(late.verifyToken)).toBe(false);
      expect(await verifyEmail(late.verifyToken, new Date(Date.now() + 23 * 3_600_000))).not.toBeNull();
      expect(await verifyEmail("not-a-token")).toBeNull();
      expect(await verifyEmail(undefined)).toBeNull();
    });

    it("resends at most 3 times in 24 hours, then says when; a verified user needs none", async () => {
      const account = await registered("resend");
      const user = (await findUserByEmail(account.email))!;
      const now = new Date();
      const results = [];
      for (let i = 0; i < 4; i++)
        results.push(await resendVerification(user.id, "ar", new Date(now.getTime() + i * 60_000)));
      expect(results.map((r) => r.status)).toEqual(["sent", "sent", "sent", "limit"]);
      const limit = results[3]!;
      expect(limit.status === "limit" && limit.retryAfterSeconds).toBeGreaterThan(23 * 3600);
      // The resent mail is in the language of the page it was asked from.
      const mail = (await lastMailTo(account.email))!;
      expect(mail.textBody).toContain("/ar/verify-email?token=");
      expect(mail.subject).toMatch(/أكّد/);
      // A day after the first resend, one more is allowed.
      expect((await resendVerification(user.id, "en", new Date(now.getTime() + 24 * 3_600_000 + 30_000))).status).toBe(
        "sent",
      );
      // Any of the links works once.
      expect(await verifyEmail(tokenIn(mail.textBody))).not.toBeNull();
      expect((await resendVerification(user.id, "en")).status).toBe("already-verified");
    });
  });

  describe("password reset", () => {
    it("mails a one-hour single-use link only when the account exists", async () => {
      await requestPasswordReset("nobody-at-all@example.com");
      expect(await mailsTo("nobody-at-all@example.com")).toHaveLength(0);

      const account = await registered("reset-link");
      await requestPasswordReset(` ${account.email.toUpperCase()} `);
      const mail = (await lastMailTo(account.email))!;
      expect(mail.kind).toBe("reset-password");
      const token = tokenIn(mail.textBody)!;
      expect(mail.textBody).toContain(`${SITE}/password-reset?token=`);
      expect((await userOfResetToken(token))?.email).toBe(account.email);
      expect(await userOfResetToken(token, new Date(Date.now() + 61 * 60_000))).toBeNull();
      expect(await resetPassword(token, "brand-new-password", new Date(Date.now() + 61 * 60_000))).toBeNull();
    });

    it("sets the new password, ends every other session, verifies the address, and cannot be used twice", async () => {
      const account = await registered("reset-ends");
      const before = (await findUserByEmail(account.email))!;
      const oldSession = await signedIn(before);
      expect(await getUser(pageRequest("/", oldSession))).not.toBeNull();

      await requestPasswordReset(account.email);
      await requestPasswordReset(account.email);
      const [newer, older] = (
        await t.handle.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.toAddress, account.email), eq(outbox.kind, "reset-password")))
          .orderBy(desc(outbox.createdAt))
      ).map((m) => tokenIn(m.textBody)!);
      const user = (await resetPassword(newer, "brand-new-password"))!;
      expect(user.emailConfirmedAt).not.toBeNull();
      expect(await t.handle.db.select().from(sessions).where(eq(sessions.userId, before.id))).toHaveLength(0);
      expect(await getUser(pageRequest("/", oldSession))).toBeNull();
      expect(await resetPassword(newer, "another-new-password")).toBeNull();
      // The other outstanding link was revoked with it.
      expect(await resetPassword(older!, "another-new-password")).toBeNull();

      const login = (password: string) =>
        attemptLogin(accountForm("/client-login", { intent: "login", email: account.email, password }), {
          clientAddress: address(),
          lang: "en",
        });
      expect((await login("correct-horse-battery")).kind).toBe("invalid");
      expect((await login("brand-new-password")).kind).toBe("ok");
    });
  });

  describe("settings", () => {
    it("changes the password only with the current one, ending other sessions and telling the owner", async () => {
      const account = await verified("change");
      const before = (await findUserByEmail(account.email))!;
      const otherDevice = await signedIn(before);
      expect(await changePassword(before.id, "not-my-password", "fresh-horse-battery")).toEqual({
        ok: false,
        reason: "wrong-password",
      });
      expect(await changePassword(before.id, account.password, account.password)).toEqual({
        ok: false,
        reason: "same-password",
      });
      const changed = await changePassword(before.id, account.password, "fresh-horse-battery");
      expect(changed.ok).toBe(true);
      expect(await getUser(pageRequest("/", otherDevice))).toBeNull();
      const thisDevice = await signedIn(changed.ok ? changed.user : before);
      expect((await getUser(pageRequest("/", thisDevice)))?.email).toBe(account.email);
      expect((await lastMailTo(account.email))?.kind).toBe("password-changed");
    });
  });

  describe("first admin", () => {
    it("prints a one-time set-up link while no admin exists; the link creates one admin and then answers no more", async () => {
      // Other tests created admins in this database: start from none.
      await t.handle.db.update(users).set({ role: "client" }).where(eq(users.role, "admin"));
      const lines: string[] = [];
      const url = await announceAdminSetup((line) => lines.push(line));
      expect(url).toMatch(new RegExp(`^${SITE}/setup\\?token=`));
      expect(lines.join("\n")).toContain(url!);
      const token = new URL(url!).searchParams.get("token")!;
      const [stored] = await t.handle.db
        .select()
        .from(authTokens)
        .where(eq(authTokens.tokenHash, hashToken(token)));
      expect(stored?.purpose).toBe("admin-setup");

      expect(await canSetUpAdmin("wrong-token-wrong-token-wrong")).toBe(false);
      expect(await canSetUpAdmin(token)).toBe(true);
      const admin = await setUpFirstAdmin({
        token,
        name: "First Admin",
        email: email("first-admin"),
        password: "first-admin-password",
      });
      expect(admin?.role).toBe("admin");
      expect(await canSetUpAdmin(token)).toBe(false);
      // A second link (another start) is useless once an admin exists, and none is printed now.
      expect(await announceAdminSetup(() => {})).toBeNull();
    });
  });

  it.runIf(testDbKind() === "postgres")(
    "shares the sign-in failure count between two app instances on one database",
    async () => {
      const second = openDatabase({ url: t.url!, poolSize: 2 });
      const account = await verified("two-instances");
      const from = address();
      try {
        for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL_AND_ADDRESS.limit; i++) {
          useDatabaseForTests(i % 2 === 0 ? t.handle : second);
          await attemptLogin(
            accountForm("/client-login", { intent: "login", email: account.email, password: "wrong-password-1" }),
            { clientAddress: from, lang: "en" },
          );
        }
        useDatabaseForTests(second);
        const outcome = await attemptLogin(
          accountForm("/client-login", { intent: "login", email: account.email, password: account.password }),
          { clientAddress: from, lang: "en" },
        );
        expect(outcome.kind).toBe("throttled");
      } finally {
        useDatabaseForTests(t.handle);
        await second.close();
      }
    },
  );
});
