import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPaths } from "../../app/content/public-routes";
import { decodeEntities, formFields, LYNX_USER_AGENT, LynxVisitor, rawRequest } from "../support/raw-http";
import { postRoutes } from "../support/route-list";
import { linkInMail, startFakeSmtp } from "../support/fake-smtp";
import { startServerWithAccounts, type ServerWithAccounts } from "../support/seed-accounts";
import { signInOverHttp } from "../support/sign-in";
import type { RunningServer } from "../support/server-process";
import { testDbKind } from "../support/test-db";

// The request gate of server.ts against the production build (NODE_ENV=production): bodies of any
// size on every POST route, requests shaped exactly like lynx's (and lynx itself when installed),
// cross-site posts, dot-segment paths, hostile query strings, the headers of visitor-dependent
// pages, and the bytes of every page. docs/decisions/031 to 033.

const kind = testDbKind();
const MB = 1024 * 1024;
const PASSWORD = "gate-password-2026";
const unique = () => crypto.randomBytes(4).toString("hex");
const EMAILS = {
  client: `gate-client-${unique()}@example.com`,
  otherClient: `gate-other-${unique()}@example.com`,
  admin: `gate-admin-${unique()}@example.com`,
};

let running: ServerWithAccounts;
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
const cookies = { client: "", admin: "" };

/** A session cookie for a seeded account. */

/** The server's resident memory in bytes (Linux). */
function rssOf(pid: number) {
  return Number(/VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? "0") * 1024;
}

describe(`the request gate on the production build (${kind})`, () => {
  beforeAll(async () => {
    // Real mail delivery, so a test can open the verification link a new account is sent.
    smtp = await startFakeSmtp();
    running = await startServerWithAccounts(
      { ALLOW_TEST_PAYMENTS: "true", INQUIRY_RATE_LIMIT: "1000000", CHAT_RATE_LIMIT: "1000000", SMTP_URL: smtp.url },
      EMAILS,
      PASSWORD,
    );
    server = running.server;
    cookies.client = await signInOverHttp(server.url, EMAILS.client, PASSWORD);
    cookies.admin = await signInOverHttp(server.url, EMAILS.admin, PASSWORD);
  }, 120_000);

  afterAll(async () => {
    await running?.stop();
    await smtp?.close();
  });

  const routes = () =>
    postRoutes({ id: running.seeded.order, orderId: running.seeded.order, sessionId: "cs_test_gate" });

  describe("bodies of 200 MB", () => {
    type Flood = { status: number; ms: number; sent: number; error?: string };
    /** Sends up to 200 MB (declared or chunked) until the server answers; stops sending then. */
    function flood(
      target: string,
      {
        chunked,
        contentType,
        cookie,
        head = "",
      }: { chunked: boolean; contentType: string; cookie?: string; head?: string },
    ): Promise<Flood> {
      const total = 200 * MB;
      return new Promise((resolve) => {
        const started = Date.now();
        let sent = 0;
        let answered = false;
        const request = http.request(`${server.url}${target}`, {
          method: "POST",
          headers: {
            Origin: server.url,
            "Content-Type": contentType,
            ...(chunked ? { "Transfer-Encoding": "chunked" } : { "Content-Length": String(total) }),
            ...(cookie ? { Cookie: cookie } : {}),
          },
        });
        const chunk = Buffer.alloc(256 * 1024, "a");
        const pump = () => {
          if (sent === 0 && head) {
            sent += head.length;
            request.write(head);
          }
          while (!answered && sent < total) {
            sent += chunk.length;
            if (!request.write(chunk)) {
              request.once("drain", pump);
              return;
            }
          }
          if (!answered) request.end();
        };
        request.on("response", (response) => {
          answered = true;
          response.resume();
          response.on("end", () => {
            request.destroy();
            resolve({ status: response.statusCode ?? 0, ms: Date.now() - started, sent });
          });
        });
        request.on("error", (error) => {
          if (!answered) resolve({ status: 0, ms: Date.now() - started, sent, error: error.message });
        });
        pump();
      });
    }

    it("every POST route answers 413 or 400 within 2 s, declared or chunked, uploads within their own limits, and the server's memory stays put", async () => {
      const list = routes();
      // Every route with an action, including ones added after this test was written.
      expect(list.map((route) => route.id)).toContain("routes/($lang).checkout");
      expect(list.length).toBeGreaterThanOrEqual(25);
      await fetch(`${server.url}/healthz`);
      const baseline = rssOf(server.child.pid!);
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.child.pid!))), 50);
      const failures: string[] = [];
      const lines: string[] = [];
      try {
        for (const route of list) {
          for (const chunked of [false, true]) {
            const result = await flood(route.path, { chunked, contentType: "application/x-www-form-urlencoded" });
            lines.push(
              `${route.path} ${chunked ? "chunked" : "declared"}: ${result.status} in ${result.ms} ms after ${(result.sent / MB).toFixed(1)} MB`,
            );
            if (![413, 400].includes(result.status) || result.ms > 2000)
              failures.push(lines.at(-1)! + (result.error ? ` (${result.error})` : ""));
          }
        }
        // The uploads, as their owners send them: a multipart body whose file never ends. The route's
        // own parser refuses it with the form's message (checkout: 400; a report: back to the order
        // with the error, 303): a declared length at once, a chunked body once the upload's total
        // (50 MB for the checkout's documents, about 1 s of parsing on an idle machine) has passed.
        const uploads = [
          { target: "/checkout", cookie: cookies.client, field: "documents", refused: [400, 413] },
          {
            target: `/admin/orders/${running.seeded.order}`,
            cookie: cookies.admin,
            field: "report",
            refused: [303, 400, 413],
          },
          // Signed out: sent to sign in without a byte being read; what follows is dropped, not kept.
          { target: "/checkout", cookie: undefined, field: "documents", refused: [302] },
        ];
        for (const upload of uploads) {
          for (const chunked of [false, true]) {
            const head = `--x\r\nContent-Disposition: form-data; name="${upload.field}"; filename="endless.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
            const result = await flood(upload.target, {
              chunked,
              contentType: "multipart/form-data; boundary=x",
              cookie: upload.cookie,
              head,
            });
            lines.push(
              `${upload.target} multipart ${chunked ? "chunked" : "declared"}: ${result.status} in ${result.ms} ms after ${(result.sent / MB).toFixed(1)} MB`,
            );
            const inTime = chunked && upload.cookie ? result.sent < 120 * MB && result.ms < 15_000 : result.ms < 2000;
            if (!upload.refused.includes(result.status) || !inTime) failures.push(lines.at(-1)!);
          }
        }
      } finally {
        clearInterval(sampler);
      }
      console.info(
        `[gate] ${lines.length} floods; RSS ${(baseline / MB).toFixed(0)} MB → peak ${(peak / MB).toFixed(0)} MB\n${lines.join("\n")}`,
      );
      expect(failures).toEqual([]);
      expect((peak - baseline) / MB, "RSS growth (MB)").toBeLessThan(100);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect(server.child.exitCode).toBeNull();
    }, 240_000);

    it("answers a browser with a page in its language", async () => {
      const response = await fetch(`${server.url}/ar/inquiry`, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
        body: `message=${"a".repeat(40 * 1024)}`,
      });
      expect(response.status).toBe(413);
      const html = await response.text();
      expect(html).toContain('<html lang="ar" dir="rtl">');
      expect(html).toContain("البيانات كبيرة جداً");
    });
  });

  describe("cross-site requests", () => {
    it("every POST route refuses a foreign Origin and a cross-site Sec-Fetch-Site, whatever cookie comes along", async () => {
      const failures: string[] = [];
      for (const route of routes()) {
        for (const target of [route.path, route.arabicPath].filter((p): p is string => Boolean(p))) {
          const attacks: Array<Record<string, string>> = [
            { Origin: "https://evil.example" },
            { "Sec-Fetch-Site": "cross-site" },
            { Origin: "null", Referer: "https://evil.example/page" },
          ];
          for (const headers of attacks) {
            const response = await fetch(`${server.url}${target}`, {
              method: "POST",
              headers: { ...headers, Cookie: cookies.admin, "Content-Type": "application/x-www-form-urlencoded" },
              body: "intent=delete",
              redirect: "manual",
            });
            await response.arrayBuffer();
            // The payment provider's webhook is signed instead: anything unsigned is a 400 there.
            const expected = route.id === "routes/webhooks.stripe" ? 400 : 403;
            if (response.status !== expected) failures.push(`${target} ${JSON.stringify(headers)}: ${response.status}`);
          }
        }
      }
      expect(failures).toEqual([]);
    }, 120_000);

    it("matches guarded paths after resolving dot segments", async () => {
      const name = () => `Gate ${unique()}`;
      const attempts = [
        "/webhooks/../dashboard/settings",
        "/webhooks/%2e%2e/dashboard/settings",
        "/webhooks/./../dashboard/settings",
        "/WEBHOOKS/../dashboard/settings",
      ];
      for (const target of attempts) {
        for (const origin of [[], ["Origin: https://evil.example"]]) {
          const body = new URLSearchParams({ intent: "name", name: name() }).toString();
          const response = await rawRequest(
            server.port,
            [
              `POST ${target} HTTP/1.0`,
              `Host: 127.0.0.1:${server.port}`,
              `Cookie: ${cookies.client}`,
              ...origin,
              "Content-Type: application/x-www-form-urlencoded",
              `Content-Length: ${body.length}`,
            ],
            body,
          );
          expect(response.status, `${target} ${origin.join("")}`).toBe(403);
        }
      }
      const settings = await fetch(`${server.url}/dashboard/settings`, { headers: { Cookie: cookies.client } });
      expect(await settings.text()).not.toContain("Gate ");
    });

    it("runs a form sent with neither Origin nor Referer only with the visitor's token: from a shared page, after a confirmation that carries it", async () => {
      const visitor = new LynxVisitor(server.port);
      const page = await visitor.get("/contact");
      // A shared page (decision 091): its forms carry no token, and it sets no cookie.
      expect(page.headers.get("cache-control")?.[0]).toMatch(/^public,/);
      expect(page.headers.get("set-cookie")).toBeUndefined();
      const fields = formFields(page.text, /\/inquiry/)!;
      expect(fields._csrf).toBeUndefined();
      const email = `lynx-${unique()}@example.com`;
      const name = `Lynx Visitor ${unique().replace(/\d/g, (d) => "abcdefghij"[Number(d)]!)}`;
      /** How often the back office's inquiry list shows this sender (0: nothing was stored). */
      const inquiryCount = async () => {
        const list = await (
          await fetch(`${server.url}/admin/inquiries`, { headers: { Cookie: cookies.admin } })
        ).text();
        return list.split(`>${name}<`).length - 1;
      };
      const inquiry: Record<string, string> = {
        ...fields,
        fullName: name,
        email,
        phone: "+971 50 123 4567",
        country: "UAE",
        serviceType: "general",
        message: 'Sent from a text browser: "quoted" <b>.',
        consent: "on",
      };
      // Nothing is run: a private page asks to confirm, with the same fields and the visitor's token first.
      const asked = await visitor.post("/inquiry", inquiry);
      expect(asked.status).toBe(403);
      expect(asked.headers.get("cache-control")?.[0]).toBe("private, no-store");
      expect(asked.text).toContain("Confirm sending the form");
      expect(asked.headers.get("set-cookie")?.some((header) => header.startsWith("__Host-csrf="))).toBe(true);
      const confirmation = formFields(asked.text, /^\/inquiry$/)!;
      expect(Object.keys(confirmation)[0]).toBe("_csrf");
      expect(confirmation._csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const { _csrf: token, ...echoed } = confirmation;
      expect(echoed).toEqual(inquiry);
      expect(await inquiryCount()).toBe(0);
      // A wrong token or another visitor's is asked about again, never run.
      const wrong = await visitor.post("/inquiry", { ...inquiry, _csrf: `${token!.slice(0, -2)}AA` });
      expect(wrong.status).toBe(403);
      expect(wrong.text).toContain("Confirm sending the form");
      const other = new LynxVisitor(server.port);
      const otherToken = formFields((await other.post("/inquiry", inquiry)).text, /^\/inquiry$/)!._csrf!;
      expect(otherToken).not.toBe(token);
      expect((await visitor.post("/inquiry", { ...inquiry, _csrf: otherToken })).status).toBe(403);
      expect(await inquiryCount()).toBe(0);
      // One press of the confirmation's button.
      const accepted = await visitor.post("/inquiry", confirmation);
      expect(accepted.status).toBe(303);
      expect(accepted.headers.get("location")?.[0]).toMatch(new RegExp(`^${server.url}/contact#`));
      expect(await inquiryCount()).toBeGreaterThan(0);
      // The token never overrides a foreign Origin.
      const crossSite = await fetch(`${server.url}/inquiry`, {
        method: "POST",
        headers: {
          Origin: "https://evil.example",
          Cookie: visitor.cookieHeader(),
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(confirmation).toString(),
        redirect: "manual",
      });
      expect(crossSite.status).toBe(403);
    });

    it("never offers the confirmation to a signed-in visitor's form or an account form: those are refused without the token", async () => {
      const signedIn = await rawRequest(
        server.port,
        [
          `POST /dashboard/settings HTTP/1.0`,
          `Host: 127.0.0.1:${server.port}`,
          LYNX_USER_AGENT,
          `Cookie: ${cookies.client}`,
          "Content-Type: application/x-www-form-urlencoded",
          "Content-Length: 31",
        ],
        "intent=profile&fullName=Mallory",
      );
      expect(signedIn.status).toBe(403);
      expect(signedIn.text).toContain("Please send the form again");
      expect(signedIn.text).not.toContain("<form");
      // A session cookie on a public form's post: refused too, whatever the path.
      const cart = await rawRequest(
        server.port,
        [
          `POST /cart/update HTTP/1.0`,
          `Host: 127.0.0.1:${server.port}`,
          LYNX_USER_AGENT,
          `Cookie: ${cookies.client}`,
          "Content-Type: application/x-www-form-urlencoded",
          "Content-Length: 13",
        ],
        "intent=remove",
      );
      expect(cart.status).toBe(403);
      expect(cart.text).not.toContain("<form");
      for (const target of ["/client-login", "/client-login?tab=register", "/password-reset", "/ar/client-login"]) {
        const visitor = new LynxVisitor(server.port);
        const refused = await visitor.post(target, {
          intent: "login",
          email: "someone@example.com",
          password: "attacker-chosen-2025",
        });
        expect(refused.status, target).toBe(403);
        expect(refused.text, target).not.toContain("<form");
      }
    });

    it("a visitor without the form cookie is refused once, then gets through", async () => {
      const visitor = new LynxVisitor(server.port);
      const first = await visitor.post("/language", { lang: "ar", redirectTo: "/" });
      expect(first.status).toBe(403);
      expect(first.headers.get("set-cookie")?.some((header) => header.startsWith("__Host-csrf="))).toBe(true);
      const page = await visitor.get("/ban-checks/travel-ban-check?x=1");
      const token = /name="_csrf" value="([^"]*)"/.exec(page.text)?.[1];
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const second = await visitor.post("/language", { _csrf: token!, lang: "ar", redirectTo: "/" });
      expect(second.status).toBe(303);
    });
  });

  describe("lynx", () => {
    it("registers at /client-login?tab=register, signs in from ?redirectTo=%2Fcheckout and changes the cart from ?cart=open (requests shaped like lynx's)", async () => {
      const visitor = new LynxVisitor(server.port);
      const registerPage = await visitor.get("/client-login?tab=register");
      expect(registerPage.status).toBe(200);
      const email = `lynx-${unique()}@example.com`;
      const registerForm = formFields(registerPage.text, /client-login/)!;
      const registered = await visitor.post("/client-login?tab=register", {
        ...registerForm,
        intent: "register",
        name: "Lynx Reader",
        email,
        password: "quiet-harbour-2025",
        confirmPassword: "quiet-harbour-2025",
      });
      expect(registered.status, registered.text.slice(0, 300)).toBe(302);
      expect(registered.headers.get("location")?.[0]).toMatch(new RegExp(`^${server.url}/client-login`));
      // A password signs in once the address is confirmed: lynx opens the mailed link and confirms with the password.
      const link = await linkInMail(smtp.messages, email, "/verify-email?token=");
      const verifyPage = await visitor.get(link);
      expect(verifyPage.status).toBe(200);
      const confirmForm = formFields(verifyPage.text, /(?:)/)!;
      expect(confirmForm.intent).toBe("confirm");
      const confirmed = await visitor.post(link, { ...confirmForm, password: "quiet-harbour-2025" });
      expect(confirmed.status, confirmed.text.slice(0, 300)).toBe(200);

      const loginPage = await visitor.get("/client-login?redirectTo=%2Fcheckout");
      const loginForm = formFields(loginPage.text, /client-login/)!;
      const signedIn = await visitor.post("/client-login?redirectTo=%2Fcheckout", {
        ...loginForm,
        intent: "login",
        email,
        password: "quiet-harbour-2025",
      });
      expect(signedIn.status, signedIn.text.slice(0, 300)).toBe(302);
      expect(signedIn.headers.get("location")?.[0]).toBe(`${server.url}/checkout`);

      const servicePage = await visitor.get("/ban-checks/travel-ban-check?cart=open");
      const addForm = formFields(servicePage.text, /\/cart\/update/)!;
      expect(addForm._csrf).toBeTruthy();
      const added = await visitor.post("/cart/update", addForm);
      expect(added.status, added.text.slice(0, 300)).toBe(303);
      const cartPage = await visitor.get("/cart");
      expect(cartPage.text).toContain("Travel Ban Check");
    });

    const lynx = spawnSync("sh", ["-c", "command -v lynx"], { encoding: "utf8" }).stdout.trim();
    // CI installs Debian's lynx (.ci/run): there the real browser must run; elsewhere it may be missing.
    if (!lynx && process.env.CI) throw new Error("lynx is not installed: .ci/run installs it (apt-get install lynx)");
    it.runIf(Boolean(lynx))(
      "the real lynx registers from /client-login?tab=register",
      async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sanad-lynx-"));
        const email = `real-lynx-${unique()}@example.com`;
        // Keystrokes: find the name field by its label, fill the four fields, press the button.
        const type = (text: string) => [...text].map((c) => (c === " " ? "key <space>" : `key ${c}`));
        const script = [
          "key /",
          ...type("Full name"),
          "key ^J",
          ...type("Lynx Reader"),
          "key Down Arrow",
          ...type(email),
          "key Down Arrow",
          ...type("quiet-harbour-2025"),
          "key Down Arrow",
          ...type("quiet-harbour-2025"),
          "key Down Arrow",
          "key ^J",
          "key q",
          "key y",
        ];
        fs.writeFileSync(path.join(dir, "keys"), `${script.join("\n")}\n`);
        const command = `lynx -accept_all_cookies -cmd_script=${path.join(dir, "keys")} '${server.url}/client-login?tab=register'`;
        // Asynchronously: a blocked event loop would leave fetch's pooled connections stale.
        const child = spawn("script", ["-qc", command, "/dev/null"], {
          env: { ...process.env, TERM: "vt100", HOME: dir },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let stdout = "";
        child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
        const killer = setTimeout(() => child.kill("SIGKILL"), 60_000);
        const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
        clearTimeout(killer);
        expect(code).toBe(0);
        // The account exists: once its address is confirmed, it can sign in.
        const link = await linkInMail(smtp.messages, email, "/verify-email?token=");
        const confirmed = await fetch(`${server.url}${link}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
          body: new URLSearchParams({
            intent: "confirm",
            token: new URL(link, server.url).searchParams.get("token")!,
            password: "quiet-harbour-2025",
          }).toString(),
        });
        expect(confirmed.status).toBe(200);
        const login = await fetch(`${server.url}/client-login`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
          body: new URLSearchParams({ intent: "login", email, password: "quiet-harbour-2025" }).toString(),
          redirect: "manual",
        });
        // eslint-disable-next-line no-control-regex -- terminal escapes out of lynx's screen
        const screen = stdout.replace(/\x1b\[[0-9;?]*[a-zA-Z]/g, "").slice(-2000);
        expect(login.status, `lynx output:\n${screen}`).toBe(302);
        expect(login.headers.get("location")).toBe(`${server.url}/dashboard`);
      },
      90_000,
    );
  });

  describe("hostile query strings and fields", () => {
    it("a NUL in the back office's searches and filters is a search for nothing odd, not a 500", async () => {
      for (const target of [
        "/admin?q=%00",
        "/admin?q=a%00b&status=%00",
        "/admin/users?q=%00",
        "/admin/inquiries?service=%00",
        "/admin/inquiries?status=%C0%80",
        "/ar/admin?q=%ED%A0%80",
      ]) {
        const response = await fetch(`${server.url}${target}`, { headers: { Cookie: cookies.admin } });
        expect(response.status, target).toBe(200);
      }
      for (const target of ["/dashboard?page=%00", "/request-check?step=%00"]) {
        expect((await fetch(`${server.url}${target}`, { headers: { Cookie: cookies.client } })).status, target).toBe(
          200,
        );
      }
      expect((await fetch(`${server.url}/admin/orders/%00`, { headers: { Cookie: cookies.admin } })).status).toBe(400);
    });

    it("exports the whole list when the CSV's search holds a NUL", async () => {
      const response = await fetch(`${server.url}/admin/orders.csv?q=%00`, { headers: { Cookie: cookies.admin } });
      expect(response.status).toBe(200);
      const csv = await response.text();
      const lines = csv.trim().split("\r\n");
      expect(lines[0]).toContain("Order ID");
      expect(csv).toContain(running.seeded.order);
      expect(csv).not.toContain("EXPORT FAILED");
    });

    it("never redirects to another site from a returnTo or redirectTo, however it is written", async () => {
      const userId = /name="userId" value="([^"]+)"/.exec(
        await (await fetch(`${server.url}/admin/users`, { headers: { Cookie: cookies.admin } })).text(),
      )?.[1];
      expect(userId).toBeTruthy();
      for (const returnTo of [
        "/\t/evil.example",
        "//evil.example",
        "/\\evil.example",
        "/%2F%2Fevil.example",
        "/%09/evil.example",
        "https://evil.example/",
      ]) {
        for (const role of ["admin", "client"]) {
          // A role change back and forth leaves the accounts as they were.
          const response = await fetch(`${server.url}/admin/users`, {
            method: "POST",
            headers: { Origin: server.url, Cookie: cookies.admin, "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ userId: userId!, role, returnTo }).toString(),
            redirect: "manual",
          });
          expect(response.status, returnTo).toBe(303);
          expect(response.headers.get("location"), returnTo).toBe(`${server.url}/admin/users`);
        }
      }
      // Signing in with a crafted redirectTo lands on the dashboard.
      const login = await fetch(`${server.url}/client-login?redirectTo=${encodeURIComponent("/\t/evil.example")}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
        body: new URLSearchParams({
          intent: "login",
          email: EMAILS.client,
          password: PASSWORD,
          redirectTo: "/\t/evil.example",
        }).toString(),
        redirect: "manual",
      });
      expect(login.status).toBe(302);
      expect(login.headers.get("location")).toBe(`${server.url}/dashboard`);
    });

    it("a coupon code and an order note with NUL are answered, and the note is stored without it", async () => {
      const coupon = await fetch(`${server.url}/checkout`, {
        method: "POST",
        headers: { Origin: server.url, Cookie: cookies.client, "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=apply-coupon&couponCode=%00",
      });
      expect(coupon.status).toBeLessThan(500);
      const note = await fetch(`${server.url}/admin/orders/${running.seeded.order}`, {
        method: "POST",
        headers: { Origin: server.url, Cookie: cookies.admin, "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=note&note=before%00after%C0%80",
        redirect: "manual",
      });
      expect(note.status).toBe(303);
      const page = await (
        await fetch(`${server.url}/admin/orders/${running.seeded.order}`, { headers: { Cookie: cookies.admin } })
      ).text();
      expect(page).toContain("beforeafter");
    });
  });

  describe("headers", () => {
    it("sends Cache-Control: private, no-store on every page that depends on the signed-in visitor, Retry-After with a 429 page, and Permissions-Policy", async () => {
      const order = running.seeded.order;
      const pages: Array<[string, string]> = [
        ["/dashboard", cookies.client],
        [`/dashboard/orders/${order}`, cookies.client],
        ["/dashboard/settings", cookies.client],
        [`/orders/${order}/pay`, cookies.client],
        ["/checkout", cookies.client],
        [`/documents/${running.seeded.document}`, cookies.client],
        ["/admin", cookies.admin],
        ["/admin/users", cookies.admin],
        ["/admin/inquiries", cookies.admin],
        [`/admin/inquiries/${running.seeded.inquiry}`, cookies.admin],
        [`/admin/orders/${order}`, cookies.admin],
        ["/admin/coupons", cookies.admin],
        ["/admin/performance", cookies.admin],
        ["/admin/orders.csv", cookies.admin],
        ["/ar/dashboard", cookies.client],
        ["/", cookies.client],
        ["/dashboard.data", cookies.client],
        ["/dashboard", ""],
      ];
      for (const [target, cookie] of pages) {
        const response = await fetch(`${server.url}${target}`, {
          headers: cookie ? { Cookie: cookie } : {},
          redirect: "manual",
        });
        await response.arrayBuffer();
        expect(response.headers.get("cache-control"), `${target} (${response.status})`).toBe("private, no-store");
      }
      // A page answered 429 keeps the Retry-After its action set (Remix passes only cookies on).
      const other = await signInOverHttp(server.url, EMAILS.otherClient, PASSWORD);
      const wrong = new URLSearchParams({
        intent: "password",
        currentPassword: "not-the-password-1",
        password: "another-passphrase-9",
        confirmPassword: "another-passphrase-9",
      }).toString();
      let limited: Response | undefined;
      for (let i = 0; i < 12 && limited?.status !== 429; i++) {
        limited = await fetch(`${server.url}/dashboard/settings`, {
          method: "POST",
          headers: { Origin: server.url, Cookie: other, "Content-Type": "application/x-www-form-urlencoded" },
          body: wrong,
        });
        await limited.arrayBuffer();
      }
      expect(limited?.status).toBe(429);
      expect(limited?.headers.get("content-type")).toContain("text/html");
      expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(limited?.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
      const home = await fetch(`${server.url}/about`);
      expect(home.headers.get("permissions-policy")).toContain("camera=()");
      expect(home.headers.get("permissions-policy")).toContain("geolocation=()");
    });
  });

  describe("bytes served", () => {
    /** Fails on U+0000, U+FFFD or bytes that are not UTF-8; checks every POST form of a per-visitor page carries the token first, and a shared page none. */
    async function checkPage(target: string, cookie = "") {
      const response = await fetch(`${server.url}${target}`, { headers: cookie ? { Cookie: cookie } : {} });
      const bytes = Buffer.from(await response.arrayBuffer());
      const problems: string[] = [];
      if (response.status !== 200) problems.push(`status ${response.status}`);
      if (bytes.includes(0)) problems.push(`${bytes.filter((b) => b === 0).length} NUL bytes`);
      let text = "";
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      } catch {
        problems.push("not UTF-8");
      }
      if (text.includes("\ufffd")) problems.push(`${text.split("\ufffd").length - 1} U+FFFD`);
      if ((response.headers.get("content-type") ?? "").includes("text/html")) {
        // A shared page (decision 091) carries no token at all; a page rendered for one visitor carries it first in every POST form.
        // (an answer from the page cache has an ETag, even when it also sets the language cookie and so stays private)
        const shared = response.headers.get("etag") !== null;
        for (const form of text.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
          if (!/method="post"/i.test(form[1]!)) continue;
          const action = decodeEntities(/action="([^"]*)"/.exec(form[1]!)?.[1] ?? "");
          const first = /<input\b[^>]*>/.exec(form[2]!)?.[0] ?? "";
          if (shared) {
            if (/name="_csrf"/.test(form[2]!)) problems.push(`a POST form (${action}) of a shared page with a token`);
          } else if (!/name="_csrf"/.test(first) || !/value="[A-Za-z0-9_-]{43}"/.test(first))
            problems.push(`a POST form (${action}) without the token first`);
        }
        if (shared && /csrfToken\\",\\"[A-Za-z0-9_-]{43}\\"/.test(text))
          problems.push("a shared page with a form token in its data");
      }
      return problems.map((problem) => `${target}: ${problem}`);
    }

    it("every public page in both languages: no NUL, no U+FFFD, valid UTF-8, the token first in every POST form of a per-visitor page, none in a shared one", async () => {
      const extra = [
        "/client-login",
        "/client-login?tab=register",
        "/password-reset",
        "/cart",
        "/request-check",
        "/chat",
        "/assistant",
        "/no-such-page-404",
      ];
      const targets = [...publicPaths, ...extra].flatMap((p) => [p, p === "/" ? "/ar" : `/ar${p}`]);
      const problems: string[] = [];
      for (const target of targets)
        problems.push(
          ...(await checkPage(target)).filter((p) => !(target.includes("no-such-page") && p.endsWith("status 404"))),
        );
      // The data behind the pages too (what the browser reads when it hydrates or navigates).
      for (const target of [
        "/ar/ban-checks/travel-ban-check.data",
        "/ar/contact.data",
        "/for-business/contracts-review.data",
        "/ar.data",
      ])
        problems.push(...(await checkPage(target)));
      expect(problems).toEqual([]);
    }, 180_000);

    it("the main signed-in pages in both languages", async () => {
      const order = running.seeded.order;
      const client = [
        "/dashboard",
        `/dashboard/orders/${order}`,
        "/dashboard/settings",
        "/dashboard/settings/two-factor",
        "/checkout",
        `/orders/${order}/pay`,
      ];
      const admin = [
        "/admin",
        "/admin/users",
        "/admin/inquiries",
        `/admin/inquiries/${running.seeded.inquiry}`,
        `/admin/orders/${order}`,
        "/admin/coupons",
        "/admin/invoices",
        "/admin/performance",
      ];
      const problems: string[] = [];
      for (const [list, cookie] of [
        [client, cookies.client],
        [admin, cookies.admin],
      ] as const) {
        for (const p of list) for (const target of [p, `/ar${p}`]) problems.push(...(await checkPage(target, cookie)));
      }
      expect(problems).toEqual([]);
    }, 120_000);
  });
});
