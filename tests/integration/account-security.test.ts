import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formPost } from "../support/http";
import { hashPassword } from "../../app/auth/password.server";
import { CODE_FAILURES_PER_ACCOUNT_AND_ADDRESS } from "../../app/auth/two-factor.server";
import { LOGIN_FAILURES_PER_EMAIL, LOGIN_FAILURES_PER_EMAIL_AND_ADDRESS } from "../../app/auth/login.server";
import { users } from "../../db/schema";
import { linkInMail as linkInCaughtMail, startFakeSmtp } from "../support/fake-smtp";
import { openServerDatabase } from "../support/seed-accounts";
import { startServer, type RunningServer } from "../support/server-process";
import { dropPostgresDatabase, testDbKind } from "../support/test-db";
import { stepAt, totpCode } from "../support/totp";

// The account attacks of a black-box assessment, replayed over HTTP against the production build
// (NODE_ENV=production) on either database, each shown to fail: a session replayed after sign-out
// or after "sign out everywhere else"; an account pre-registered with someone else's address; a
// verification link opened by someone signed in to another account; parallel password guessing;
// the owner getting in during an attack; two-factor codes (computed by the tests' own TOTP):
// wrong, malformed, expired, replayed, raced, recovery codes used twice, throttled.

const kind = testDbKind();
const PASSWORD = "security-password-2026";
const stamp = Date.now().toString(36);
const CLIENT = `client-${stamp}@example.com`;
const ADMIN = `admin-${stamp}@example.com`;
let ipCounter = 0;
/** A fresh client address (the server trusts one proxy hop, so X-Forwarded-For sets it). */
const newIp = () => `203.0.113.${++ipCounter}`;

type Answer = { status: number; location: string; html: string; headers: Headers };

/** One browser: its own cookies and client address. */
class Browser {
  cookies = new Map<string, string>();
  constructor(
    private readonly base: string,
    public ip = newIp(),
  ) {}
  get cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  /** A copy of this browser's cookies, as someone who copied them would replay them. */
  copy() {
    const copy = new Browser(this.base, newIp());
    copy.cookies = new Map(this.cookies);
    return copy;
  }
  private async send(path: string, init: RequestInit): Promise<Answer> {
    const response = await fetch(this.base + path, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), Cookie: this.cookieHeader, "X-Forwarded-For": this.ip },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      if (value && !/max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.set(name!.trim(), value);
      else this.cookies.delete(name!.trim());
    }
    return {
      status: response.status,
      location: (response.headers.get("location") ?? "").replace(this.base, ""),
      html: await response.text(),
      headers: response.headers,
    };
  }
  get(path: string) {
    return this.send(path, { method: "GET" });
  }
  post(path: string, fields: Record<string, string>) {
    return this.send(path, formPost(fields, this.base));
  }
  postMultipart(path: string, body: Buffer, boundary: string) {
    return this.send(path, {
      method: "POST",
      headers: { Origin: this.base, "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body: new Uint8Array(body),
    });
  }
  login(email: string, password: string) {
    return this.post("/client-login", { intent: "login", email, password });
  }
  /** "in" when the dashboard (or `path`) opens, "out" when it sends to the login page. */
  async state(path = "/dashboard") {
    const answer = await this.get(path);
    if (answer.status === 200) return "in";
    if (answer.status === 302 && answer.location.startsWith("/client-login")) return "out";
    return `HTTP ${answer.status} ${answer.location}`;
  }
}

const decoded = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

describe(`account security over HTTP on ${kind}`, () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  let databaseUrl: string | undefined;
  const browser = (ip?: string) => new Browser(server.url, ip);

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    const opened = await openServerDatabase("sanad-security-");
    databaseUrl = opened.databaseUrl;
    try {
      const passwordHash = await hashPassword(PASSWORD);
      await opened.handle.db.insert(users).values([
        { email: CLIENT, passwordHash, fullName: "Client Owner", emailConfirmedAt: new Date() },
        { email: ADMIN, passwordHash, fullName: "Staff Admin", role: "admin", emailConfirmedAt: new Date() },
      ]);
    } finally {
      await opened.handle.close();
    }
    server = await startServer({
      NODE_ENV: "production",
      LOG_REQUESTS: "false",
      DATA_DIR: opened.dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SMTP_URL: smtp.url,
      ALLOW_TEST_PAYMENTS: "true",
      TRUST_PROXY: "1",
    });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    if (databaseUrl) await dropPostgresDatabase(databaseUrl);
  });

  /** The first link containing `contains` in the newest mail to `to` that has one (waits for the mail worker). */
  const linkInMail = (to: string, contains: string, after = 0) => linkInCaughtMail(smtp.messages, to, contains, after);

  async function signedIn(email = CLIENT) {
    const b = browser();
    const answer = await b.login(email, PASSWORD);
    expect(answer.status, answer.html.slice(0, 200)).toBe(302);
    return b;
  }

  describe("sessions end on the server", () => {
    it("sign-out deletes the session: the copied cookie replayed afterwards lands on the login page", async () => {
      const b = await signedIn();
      const copied = b.copy();
      expect(await copied.state()).toBe("in");
      const out = await b.post("/logout", {});
      expect(out.status).toBe(302);
      expect(b.cookies.has("__session")).toBe(false);
      expect(await copied.state()).toBe("out");
      expect(await copied.state("/dashboard/settings")).toBe("out");
    });

    it("'sign out everywhere else' and 'sign out' of one session end them at once; another account's session cannot be named", async () => {
      const [first, second, third] = [await signedIn(), await signedIn(), await signedIn()];
      const idIn = (html: string, current: boolean) =>
        new RegExp(`data-session-id="([0-9a-f-]{36})" data-current="${current}"`).exec(html)?.[1];
      const thirdId = idIn((await third.get("/dashboard/settings")).html, true)!;
      const listed = (await first.get("/dashboard/settings")).html;
      expect(listed.match(/data-session-id=/g)?.length).toBeGreaterThanOrEqual(3);
      expect(listed).toContain(thirdId);

      // Another account cannot end this account's session by its id.
      const admin = await signedIn(ADMIN);
      await admin.post("/dashboard/settings", { intent: "end-session", sessionId: thirdId });
      expect(await third.state()).toBe("in");

      const ended = await first.post("/dashboard/settings", { intent: "end-session", sessionId: thirdId });
      expect(ended.status).toBe(302);
      expect(await third.state()).toBe("out");
      expect(await second.state()).toBe("in");
      const copyOfSecond = second.copy();
      await first.post("/dashboard/settings", { intent: "end-others" });
      expect(await second.state()).toBe("out");
      expect(await copyOfSecond.state()).toBe("out");
      expect(await first.state()).toBe("in");
    });
  });

  describe("a verification link is safe for the address's owner (docs/decisions/076)", () => {
    /** The token of a verification link. */
    const tokenOf = (link: string) => new URL(link, server.url).searchParams.get("token")!;

    it('2a: the owner of an address someone else registered cannot confirm it by clicking, and "This wasn\'t me" deletes the account and its password', async () => {
      const victim = `victim-${stamp}@example.com`;
      const attacker = browser();
      const attackerPassword = "attacker-chose-this-1";
      expect(
        (
          await attacker.post("/client-login", {
            intent: "register",
            name: "Not The Owner",
            email: victim,
            password: attackerPassword,
            confirmPassword: attackerPassword,
          })
        ).status,
      ).toBe(302);
      // The right password does not sign in before the address is confirmed.
      expect((await attacker.login(victim, attackerPassword)).status).toBe(302);
      expect(await attacker.state()).toBe("out");

      // The owner opens the mailed link: nothing is confirmed by opening it; the page asks for the password.
      const owner = browser();
      const link = await linkInMail(victim, "/verify-email?token=");
      const token = tokenOf(link);
      const opened = await owner.get(link);
      expect(opened.status).toBe(200);
      expect(decoded(opened.html)).toContain("Enter the password you chose when you created the account");
      expect(decoded(opened.html)).toContain("This wasn't me");
      expect((await browser(attacker.ip).login(victim, attackerPassword)).location).toMatch(/^\/client-login/);
      // Clicking on without the password confirms nothing; a guess is refused.
      const guessed = await owner.post(link, { intent: "confirm", token, password: "owner-guess-1" });
      expect(guessed.status).toBe(400);
      expect(decoded(guessed.html)).toContain("That is not the password of this account.");
      expect((await browser(attacker.ip).login(victim, attackerPassword)).location).toMatch(/^\/client-login/);

      // "This wasn't me": the account and the password someone else chose are gone.
      const removed = await owner.post(link, { intent: "not-me", token });
      expect(removed.status).toBe(200);
      expect(decoded(removed.html)).toContain("The account was removed");
      expect(owner.cookies.has("__session")).toBe(false);
      const refused = await browser(attacker.ip).login(victim, attackerPassword);
      expect(refused.status).toBe(400);
      expect(decoded(refused.html)).toContain("Invalid email or password.");
      // The link is spent; the owner may register the address themselves.
      expect(decoded((await owner.get(link)).html)).toContain("This verification link cannot be used");
      const ownerPassword = "owner-real-password-9";
      const mailsBefore = smtp.messages.length;
      expect(
        (
          await owner.post("/client-login", {
            intent: "register",
            name: "The Owner",
            email: victim,
            password: ownerPassword,
            confirmPassword: ownerPassword,
          })
        ).status,
      ).toBe(302);
      const ownLink = await linkInMail(victim, "/verify-email?token=", mailsBefore);
      expect(ownLink).not.toBe(link);
      expect(
        (await owner.post(ownLink, { intent: "confirm", token: tokenOf(ownLink), password: ownerPassword })).status,
      ).toBe(200);
      expect((await owner.login(victim, ownerPassword)).location).toBe("/dashboard");
      expect((await browser(attacker.ip).login(victim, attackerPassword)).status).toBe(400);
    });

    it("2b: the person who registered confirms with their password; a link opened while signed in to another account switches nothing", async () => {
      const signedInClient = await signedIn();
      const other = `other-${stamp}@example.com`;
      const registrant = browser();
      await registrant.post("/client-login", {
        intent: "register",
        name: "Other Person",
        email: other,
        password: "other-password-77",
        confirmPassword: "other-password-77",
      });
      const link = await linkInMail(other, "/verify-email?token=");
      const sessionBefore = signedInClient.cookies.get("__session");
      const opened = await signedInClient.get(link);
      expect(opened.status).toBe(200);
      expect(decoded(opened.html)).not.toContain(other);
      const confirmed = await signedInClient.post(link, {
        intent: "confirm",
        token: tokenOf(link),
        password: "other-password-77",
      });
      expect(confirmed.status).toBe(200);
      expect(decoded(confirmed.html)).toContain("You are still signed in to your own account.");
      expect(signedInClient.cookies.get("__session")).toBe(sessionBefore);
      const settings = await signedInClient.get("/dashboard/settings");
      expect(settings.html).toContain(CLIENT);
      expect(settings.html).not.toContain(other);
      // The link did its one job: the other address is confirmed, so its owner can sign in.
      expect((await registrant.login(other, "other-password-77")).location).toBe("/dashboard");
    });

    it("2c: the browser that gave the right password on the login page is confirmed by opening the link", async () => {
      const address = `same-browser-${stamp}@example.com`;
      const person = browser();
      await person.post("/client-login", {
        intent: "register",
        name: "Same Browser",
        email: address,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      });
      expect((await person.login(address, PASSWORD)).location).toMatch(/^\/client-login/);
      const opened = await person.get(await linkInMail(address, "/verify-email?token="));
      expect(decoded(opened.html)).toContain("your email address is confirmed");
      expect((await person.login(address, PASSWORD)).location).toBe("/dashboard");
    });
  });

  describe("password guessing", () => {
    it("40 wrong passwords in parallel for one address: at most the limit are checked, the rest get 429 with Retry-After; the owner still gets in", async () => {
      const victim = `guessed-${stamp}@example.com`;
      // The owner's browser signed in before the attack.
      const ownerBrowser = browser();
      await ownerBrowser.post("/client-login", {
        intent: "register",
        name: "Guessed Owner",
        email: victim,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      });
      const link = await linkInMail(victim, "/verify-email?token=");
      await ownerBrowser.post(link, {
        intent: "confirm",
        token: new URL(link, server.url).searchParams.get("token")!,
        password: PASSWORD,
      });
      expect((await ownerBrowser.login(victim, PASSWORD)).location).toBe("/dashboard");
      await ownerBrowser.post("/logout", {});

      const attackerIp = newIp();
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => browser(attackerIp).login(victim, `wrong-guess-${i}`)),
      );
      const checked = answers.filter((answer) => answer.status === 400);
      const refused = answers.filter((answer) => answer.status === 429);
      expect(checked.length).toBeGreaterThan(0);
      expect(checked.length).toBeLessThanOrEqual(LOGIN_FAILURES_PER_EMAIL_AND_ADDRESS.limit);
      expect(checked.length + refused.length).toBe(40);
      for (const answer of refused) expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(decoded(refused[0]!.html)).toMatch(/Please try again in \d+ minutes/);
      // Even the right password from the guessing address waits.
      expect((await browser(attackerIp).login(victim, PASSWORD)).status).toBe(429);

      // Guesses spread over 40 addresses: at most the per-account limit are checked.
      const spread = await Promise.all(
        Array.from({ length: 40 }, (_, i) => browser().login(victim, `spread-guess-${i}`)),
      );
      expect(spread.filter((answer) => answer.status === 400).length).toBeLessThanOrEqual(
        LOGIN_FAILURES_PER_EMAIL.limit,
      );

      // The owner: from their own browser, signed in at once.
      ownerBrowser.ip = newIp();
      expect((await ownerBrowser.login(victim, PASSWORD)).location).toBe("/dashboard");
      // From a new browser the account's limit applies, but the e-mailed reset link gets them in.
      const newDevice = browser();
      expect((await newDevice.login(victim, PASSWORD)).status).toBe(429);
      const mailsBefore = smtp.messages.length;
      await newDevice.post("/password-reset", { email: victim });
      const token = new URL(
        await linkInMail(victim, "/password-reset?token=", mailsBefore),
        server.url,
      ).searchParams.get("token")!;
      const chosen = await newDevice.post("/password-reset", {
        intent: "choose",
        token,
        password: "owner-new-password-5",
        confirmPassword: "owner-new-password-5",
      });
      expect(chosen.location).toBe("/dashboard");
      expect(await newDevice.state()).toBe("in");
    }, 120_000);
  });

  describe("two-factor sign-in (codes from the tests' own RFC 6238 implementation)", () => {
    let secret: string;
    let recoveryCodes: string[];
    let enrolStep: number;
    const wrongCode = (step: number) => String((Number(totpCode(secret, step)) + 500_000) % 1_000_000).padStart(6, "0");

    it("an admin is taken to enrolment before any admin page; a wrong code does not switch it on, a right one does", async () => {
      const admin = await signedIn(ADMIN);
      const adminPage = await admin.get("/admin");
      expect(adminPage.location).toBe("/dashboard/settings/two-factor");
      expect((await admin.get("/admin/users")).location).toBe("/dashboard/settings/two-factor");
      const page = await admin.get("/dashboard/settings/two-factor");
      expect(page.status).toBe(200);
      expect(page.html).toMatch(/<img[^>]+src="data:image\/svg\+xml;base64,[^"]+"[^>]+alt="QR code/);
      secret = /data-testid="two-factor-secret"[^>]*>([A-Z2-7 ]+)</.exec(page.html)![1]!.replace(/ /g, "");
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      // The QR code encodes the same secret.
      const svg = Buffer.from(/src="data:image\/svg\+xml;base64,([^"]+)"/.exec(page.html)![1]!, "base64").toString(
        "utf8",
      );
      expect(svg).toMatch(/^<svg[^>]*>/);

      for (const code of ["", "abcdef", "1".repeat(100), "12 34", wrongCode(stepAt())]) {
        const answer = await admin.post("/dashboard/settings/two-factor", { intent: "enable", code });
        expect(answer.status, code).toBe(400);
      }
      expect(await admin.state("/admin")).toMatch(/two-factor/);
      enrolStep = stepAt();
      const enabled = await admin.post("/dashboard/settings/two-factor", {
        intent: "enable",
        code: totpCode(secret, enrolStep),
      });
      expect(enabled.status).toBe(200);
      recoveryCodes = [...enabled.html.matchAll(/>([a-z2-9]{5}-[a-z2-9]{5})</g)].map((match) => match[1]!);
      expect(new Set(recoveryCodes).size).toBe(10);
      expect(await admin.state("/admin")).toBe("in");
    });

    it("sign-in asks for the code; malformed, wrong, expired and reused codes are refused with a message, never a 500", async () => {
      const b = browser();
      const first = await b.login(ADMIN, PASSWORD);
      expect(first.location).toBe("/client-login/two-factor");
      // Half-way is not signed in.
      expect(await b.state("/admin")).toBe("out");
      expect((await b.get("/client-login/two-factor")).status).toBe(200);
      const cases: Array<[string, string]> = [
        ["", "Enter the 6-digit code from your authenticator app, or one of your recovery codes."],
        ["12a456", "Enter the 6-digit code"],
        ["1".repeat(100), "Enter the 6-digit code"],
        ["１２３４５６", "Enter the 6-digit code"],
        [totpCode(secret, stepAt() - 3), "That code is not correct or has expired."],
        // The code that switched it on: its step is used.
        [totpCode(secret, enrolStep), "That code has already been used."],
      ];
      for (const [code, message] of cases) {
        const answer = await b.post("/client-login/two-factor", { code });
        expect(answer.status, code).toBe(400);
        expect(decoded(answer.html), code).toContain(message);
      }
      expect(await b.state("/admin")).toBe("out");
    });

    it("the same fresh code sent from two sign-ins at once signs in one of them; sent again later it is refused", async () => {
      const [one, two] = [browser(), browser()];
      await one.login(ADMIN, PASSWORD);
      await two.login(ADMIN, PASSWORD);
      const code = totpCode(secret, enrolStep + 1);
      const answers = await Promise.all([
        one.post("/client-login/two-factor", { code }),
        two.post("/client-login/two-factor", { code }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([302, 400]);
      const winner = answers[0]!.status === 302 ? one : two;
      expect(await winner.state("/admin")).toBe("in");
      await winner.post("/logout", {});
      const later = browser();
      await later.login(ADMIN, PASSWORD);
      const replayed = await later.post("/client-login/two-factor", { code });
      expect(replayed.status).toBe(400);
      expect(decoded(replayed.html)).toContain("That code has already been used.");
    });

    it("a recovery code signs in once; used again it is refused", async () => {
      const b = browser();
      await b.login(ADMIN, PASSWORD);
      const used = await b.post("/client-login/two-factor", {
        code: recoveryCodes[0]!.toUpperCase().replace("-", " "),
      });
      expect(used.status).toBe(302);
      expect(await b.state("/admin")).toBe("in");
      await b.post("/logout", {});
      const again = browser();
      await again.login(ADMIN, PASSWORD);
      const refused = await again.post("/client-login/two-factor", { code: recoveryCodes[0]! });
      expect(refused.status).toBe(400);
      expect(decoded(refused.html)).toContain("That recovery code has already been used.");
      expect(await again.state("/admin")).toBe("out");
    });

    it("wrong codes are limited like passwords (429 with Retry-After) without keeping the owner out from another address", async () => {
      const b = browser();
      await b.login(ADMIN, PASSWORD);
      for (let i = 0; i < CODE_FAILURES_PER_ACCOUNT_AND_ADDRESS.limit; i++)
        expect((await b.post("/client-login/two-factor", { code: wrongCode(stepAt() + 5 + i) })).status).toBe(400);
      const throttled = await b.post("/client-login/two-factor", { code: recoveryCodes[1]! });
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers.get("Retry-After"))).toBeGreaterThan(0);
      // The owner at their own address, in the same half-way sign-in.
      b.ip = newIp();
      expect((await b.post("/client-login/two-factor", { code: recoveryCodes[1]! })).status).toBe(302);
      expect(await b.state("/admin")).toBe("in");
    });
  });
});
