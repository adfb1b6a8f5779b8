import crypto from "node:crypto";
import path from "node:path";
import { count, countDistinct, inArray, like } from "drizzle-orm";
import postgres from "postgres";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANG_COOKIE } from "../../app/i18n/lang-cookie.server";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { inquiries, orderItems, orders, paymentSessions, taxDocuments, users } from "../../db/schema";
import { startFakeSmtp } from "../support/fake-smtp";
import { startFakeStripe } from "../support/fake-stripe";
import { NGINX, startNginx, type RunningNginx } from "../support/nginx";
import { postForm } from "../support/http";
import { openServerDatabase, seedAccounts, type SeededAccounts } from "../support/seed-accounts";
import { signInOverHttp } from "../support/sign-in";
import { buildChangedCopy, changeTravelBanPrice } from "../support/rebuilt-copy";
import { freePort, startServer, startTcpRelay, type RunningServer } from "../support/server-process";
import { dropPostgresDatabase, testDbKind } from "../support/test-db";

// The product as a fleet (docs/decisions/095): three production processes on one PostgreSQL behind
// a real nginx with the proxy settings compose.yaml ships (deploy/nginx/proxy-settings.conf),
// round robin. Sessions and limits live in the database, so any instance answers any visitor;
// a rolling restart under load (each instance in turn SIGTERM, drained, replaced) fails no request
// and loses no submission; an instance killed mid-request has its requests passed on by nginx and
// nothing stored twice. Also (docs/decisions/103): a message posted through one instance is seen
// live on a page of another; mail goes out once and invoice numbers stay gapless with payments
// arriving on all three; every instance gives the same bytes for a shared page, and a deploy of a
// new version (a changed price) never mixes old and new within a page; PostgreSQL going away and
// coming back is answered with 503s and then recovered from by every instance without a restart.
// PostgreSQL only: the embedded database belongs to one process.

const RUNS = testDbKind() === "postgres" && Boolean(process.env.TEST_DATABASE_URL) && Boolean(NGINX);

const PASSWORD = "fleet-password-2026";
const unique = () => crypto.randomBytes(4).toString("hex");
const RUN = unique();
const EMAILS = {
  client: `fleet-client-${RUN}@example.com`,
  otherClient: `fleet-other-${RUN}@example.com`,
  admin: `fleet-admin-${RUN}@example.com`,
};
const SIZE = 3;
const METRICS_TOKEN = crypto.randomBytes(24).toString("base64url");
const WEBHOOK_SECRET = `whsec_fleet${crypto.randomBytes(12).toString("hex")}`;
/** Orders paid through Stripe's webhook, spread over the instances, all at once. */
const PAID_ORDERS = 12;
const SERVICE_PAGE = "/ban-checks/travel-ban-check";

let databaseUrl: string;
let handle: DatabaseHandle;
let publicUrl: string;
let publicPort: number;
let nginx: RunningNginx | undefined;
const nginxLog = () => nginx?.log() ?? "";
const instances: RunningServer[] = [];
const ports: number[] = [];
let instanceEnv: Record<string, string>;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>> | undefined;
let stripeFake: Awaited<ReturnType<typeof startFakeStripe>> | undefined;
/** The instances reach PostgreSQL through this relay, which a test cuts as a database restart would. */
let relay: Awaited<ReturnType<typeof startTcpRelay>> | undefined;
let seeded: SeededAccounts;
/** The orders the webhook test pays, each with its Stripe Checkout Session in the fake. */
const payable: Array<{ orderId: string; sessionId: string; email: string }> = [];
/** Folders to remove once every instance has stopped. */
const afterCleanup: Array<() => void> = [];

/**
 * nginx in front of the instances with the settings compose.yaml ships (deploy/nginx): the proxy
 * settings for every location, and /build/ asking the next instance for a file one does not hold.
 */
async function startFleetProxy() {
  nginx = await startNginx({
    port: publicPort,
    upstreams: ports,
    upstreamParameters: "max_fails=1 fail_timeout=2s",
    server: `    include ${path.resolve("deploy/nginx/proxy-settings.conf")};
    location / {
      proxy_pass http://sanad_app;
    }
    location /build/ {
      proxy_next_upstream error timeout http_404;
      proxy_pass http://sanad_app;
    }`,
  });
}

/** Which instance answered: every instance gives its own request ids, so ask each one directly. */
async function dashboardStatus(base: string, cookie: string) {
  const response = await fetch(`${base}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
  await response.body?.cancel();
  return response.status;
}

/**
 * Three visitors sending page views and inquiry forms (each with its own submission key, as the
 * page's form carries one) through nginx until stopped; anything but the expected answer is a failure.
 */
function startLoad(marker: string) {
  const result = { marker, failures: [] as string[], acknowledged: 0, pageViews: 0 };
  let running = true;
  const pages = ["/", "/about", "/ar", "/contact", "/ar/about"];
  async function visitor(n: number) {
    let i = 0;
    while (running) {
      i++;
      try {
        if (i % 4 === 0) {
          const lead = {
            fullName: "Fleet Visitor",
            email: `${marker}-${n}-${i}@example.com`,
            phone: "+971 50 123 4567",
            country: "UAE",
            serviceType: "legal-consultation",
            message: "Sent while the fleet changes.",
            consent: "on",
            sourcePage: "/contact",
            submissionId: crypto.randomUUID(),
          };
          const response = await postForm(publicUrl, "/inquiry", lead, { origin: publicUrl });
          await response.body?.cancel();
          if (response.status === 302 || response.status === 303) result.acknowledged++;
          else result.failures.push(`POST /inquiry ${response.status}`);
        } else {
          const page = pages[i % pages.length]!;
          const response = await fetch(`${publicUrl}${page}`, { redirect: "manual" });
          await response.body?.cancel();
          if (response.status === 200) result.pageViews++;
          else result.failures.push(`GET ${page} ${response.status}`);
        }
      } catch (error) {
        result.failures.push(
          `network: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`,
        );
      }
      // A steady stream, not a flood: shared pages are answered in well under a millisecond, and
      // an unpaced visitor would queue more mail than the test waits for.
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  const visitors = Promise.all([1, 2, 3].map((n) => visitor(n)));
  return Object.assign(result, {
    stop: async () => {
      running = false;
      await visitors;
    },
  });
}

/** How many inquiries of a load run are stored, and for how many different senders (each sender sent one). */
async function storedInquiries(marker: string) {
  const [row] = await handle.db
    .select({ rows: count(), distinct: countDistinct(inquiries.email) })
    .from(inquiries)
    .where(like(inquiries.email, `${marker}-%`));
  return { rows: Number(row!.rows), distinct: Number(row!.distinct) };
}

describe.runIf(RUNS)("the fleet: three instances on one PostgreSQL behind nginx", () => {
  beforeAll(async () => {
    const opened = await openServerDatabase("sanad-fleet-");
    databaseUrl = opened.databaseUrl!;
    stripeFake = await startFakeStripe();
    try {
      seeded = await seedAccounts(opened.handle, EMAILS, PASSWORD);
      // Orders waiting for payment, each with a Checkout Session made in the fake as checkout makes it.
      const stripe = new Stripe("sk_test_fake123", {
        host: stripeFake.host,
        port: stripeFake.port,
        protocol: "http",
        maxNetworkRetries: 0,
      });
      const [payer] = await opened.handle.db
        .insert(users)
        .values({ email: `fleet-payer-${RUN}@example.com`, passwordHash: "x", fullName: "Fleet Payer" })
        .returning({ id: users.id });
      for (let i = 0; i < PAID_ORDERS; i++) {
        const email = `fleet-payer-${RUN}-${i}@example.com`;
        const [order] = await opened.handle.db
          .insert(orders)
          .values({
            userId: payer!.id,
            serviceType: "Travel Ban Check",
            tierName: "Basic",
            amount: 65_000,
            subtotal: 65_000,
            legalName: "Fleet Payer",
            email,
            phone: "+971501234567",
            lang: i % 2 ? "ar" : "en",
          })
          .returning({ id: orders.id });
        await opened.handle.db.insert(orderItems).values({
          orderId: order!.id,
          serviceKey: "travel-ban-check",
          tierId: "basic",
          tierName: "Basic",
          unitPrice: 65_000,
          quantity: 1,
        });
        const session = await stripe.checkout.sessions.create({
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: { currency: "aed", unit_amount: 65_000, product_data: { name: "Travel Ban Check" } },
            },
          ],
          client_reference_id: order!.id,
          metadata: { orderId: order!.id },
          success_url: "http://127.0.0.1/checkout/success",
        });
        await opened.handle.db.insert(paymentSessions).values({
          id: session.id,
          orderId: order!.id,
          provider: "stripe",
          status: "open",
          amount: 65_000,
          url: session.url!,
        });
        payable.push({ orderId: order!.id, sessionId: session.id, email });
      }
    } finally {
      await opened.handle.close();
    }
    handle = openDatabase({ url: databaseUrl, poolSize: 2 });
    smtp = await startFakeSmtp();
    const target = new URL(databaseUrl);
    relay = await startTcpRelay({ host: target.hostname, port: Number(target.port || 5432) });
    const viaRelay = new URL(databaseUrl);
    viaRelay.hostname = "127.0.0.1";
    viaRelay.port = String(relay.port);
    publicPort = await freePort();
    publicUrl = `http://127.0.0.1:${publicPort}`;
    instanceEnv = {
      NODE_ENV: "production",
      SITE_URL: publicUrl,
      DATABASE_URL: viaRelay.toString(),
      DATABASE_POOL_SIZE: "4",
      TRUST_PROXY: "1",
      LOG_REQUESTS: "false",
      INQUIRY_RATE_LIMIT: "1000000",
      SHUTDOWN_GRACE_MS: "10000",
      METRICS_TOKEN,
      SMTP_URL: smtp.url,
      STRIPE_SECRET_KEY: "sk_test_fake123",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripeFake.apiBase,
    };
    // Started together, as a deployment's replicas come up: the advisory lock lets one migrate
    // (the seeding migrated already: they all find nothing to do, and wait for each other to see it).
    instances.push(...(await Promise.all(Array.from({ length: SIZE }, () => startServer(instanceEnv)))));
    ports.push(...instances.map((instance) => instance.port));
    await startFleetProxy();
  }, 180_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await handle?.close();
    await smtp?.close();
    await stripeFake?.close();
    await relay?.close();
    if (databaseUrl) await dropPostgresDatabase(databaseUrl);
    for (const cleanup of afterCleanup) cleanup();
  });

  it("spreads requests over every instance (round robin)", async () => {
    const healthChecks = async (instance: RunningServer) => {
      const text = await (
        await fetch(`${instance.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
      ).text();
      const line = text
        .split("\n")
        .find((row) => row.startsWith("sanad_http_requests_total{") && row.includes('route="/healthz"'));
      return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
    };
    const before = await Promise.all(instances.map(healthChecks));
    for (let i = 0; i < SIZE * 4; i++) expect((await fetch(`${publicUrl}/healthz`)).status).toBe(200);
    const after = await Promise.all(instances.map(healthChecks));
    // Each instance answered its share (round robin: 4 each; a slow moment may shift one or two).
    for (let i = 0; i < SIZE; i++) expect(after[i]! - before[i]!, `instance ${i}`).toBeGreaterThanOrEqual(2);
  });

  it("a session made on one instance works on the others, and signing out ends it everywhere", async () => {
    const cookie = await signInOverHttp(instances[0]!.url, EMAILS.client, PASSWORD);
    for (const instance of instances) expect(await dashboardStatus(instance.url, cookie)).toBe(200);
    for (let i = 0; i < SIZE; i++) expect(await dashboardStatus(publicUrl, cookie)).toBe(200);
    const signedOut = await postForm(instances[1]!.url, "/logout", {}, { origin: publicUrl, cookie });
    expect(signedOut.status).toBe(302);
    for (const instance of instances) expect(await dashboardStatus(instance.url, cookie)).toBe(302);
    for (let i = 0; i < SIZE; i++) expect(await dashboardStatus(publicUrl, cookie)).toBe(302);
  });

  it("a rate limit holds across instances: failed sign-ins through nginx count together", async () => {
    // Five failures per account and address in 15 minutes; nginx spreads them over all three.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await postForm(publicUrl, "/client-login", {
        intent: "login",
        email: EMAILS.otherClient,
        password: `wrong-${i}-password`,
      });
      const text = await response.text();
      expect(text).toContain("Invalid email or password.");
      statuses.push(response.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    // Now even the right password is refused on whichever instance: three in a row through nginx
    // (one per instance), and each instance asked directly as nginx asks it (its X-Forwarded-For).
    for (const base of [publicUrl, publicUrl, publicUrl, ...instances.map((instance) => instance.url)]) {
      const response = await postForm(
        base,
        "/client-login",
        { intent: "login", email: EMAILS.otherClient, password: PASSWORD },
        { origin: publicUrl, headers: { "X-Forwarded-For": "127.0.0.1" } },
      );
      await response.body?.cancel();
      expect(response.status, base).toBe(429);
      expect(
        response.headers
          .getSetCookie()
          .some((header) => header.startsWith("__session=") && !header.startsWith("__session=;")),
      ).toBe(false);
    }
  });

  it("a message posted through one instance appears live on a case page served by another", async () => {
    const cookie = await signInOverHttp(instances[0]!.url, EMAILS.client, PASSWORD);
    const page = `/dashboard/orders/${seeded.order}`;
    // The case page open on instance 1, and the version it polls (docs/decisions/067).
    const opened = await fetch(`${instances[0]!.url}${page}`, { headers: { Cookie: cookie } });
    expect(opened.status).toBe(200);
    const body = `Sent through the second instance ${RUN}`;
    expect(await opened.text()).not.toContain(body);
    const version = async (base: string) =>
      (
        (await (await fetch(`${base}/live/orders/${seeded.order}`, { headers: { Cookie: cookie } })).json()) as {
          version: string;
        }
      ).version;
    const before = await version(instances[0]!.url);
    // The message form as a browser sends it (multipart, the intent in the address), to instance 2.
    const form = new FormData();
    form.append("kind", "message");
    form.append("body", body);
    form.append("submissionId", crypto.randomUUID());
    form.append("documents", new File([], "", { type: "application/octet-stream" }));
    const sent = await fetch(`${instances[1]!.url}${page}?intent=message`, {
      method: "POST",
      body: form,
      headers: { Cookie: cookie, Origin: publicUrl },
      redirect: "manual",
    });
    expect(sent.status).toBe(303);
    // The very next poll of the page on instance 1 sees a new version, and reloading its data
    // (what the page then does) shows the message; so does the page from every instance.
    expect(await version(instances[0]!.url)).not.toBe(before);
    expect(await version(instances[2]!.url)).toBe(await version(instances[0]!.url));
    for (const instance of instances)
      expect(
        await (await fetch(`${instance.url}${page}`, { headers: { Cookie: cookie } })).text(),
        instance.url,
      ).toContain(body);
  });

  it("payments arriving on all three: each order paid once, invoices numbered 1…N without a gap, each mail sent once", async () => {
    const stripe = new Stripe("sk_test_fake123", {
      host: stripeFake!.host,
      port: stripeFake!.port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    // Stripe's checkout.session.completed for each paid session; each delivered twice (Stripe
    // retries), the two deliveries to different instances, everything at the same moment.
    const deliveries = payable.flatMap(({ sessionId }, index) => {
      const session = stripeFake!.complete(sessionId);
      const payload = JSON.stringify({
        id: `evt_${crypto.randomBytes(12).toString("hex")}`,
        object: "event",
        type: "checkout.session.completed",
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        api_version: "2025-01-27",
        data: { object: session },
      });
      return [index, index + 1].map((n) => ({ base: instances[n % SIZE]!.url, payload }));
    });
    const responses = await Promise.all(
      deliveries.map(async ({ base, payload }) => {
        const response = await fetch(`${base}/webhooks/stripe`, {
          method: "POST",
          body: payload,
          headers: {
            "Content-Type": "application/json",
            "Stripe-Signature": stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
          },
        });
        return { status: response.status, outcome: ((await response.json()) as { outcome?: string }).outcome };
      }),
    );
    expect(responses.map((r) => r.status)).toEqual(deliveries.map(() => 200));
    expect(responses.filter((r) => r.outcome === "paid")).toHaveLength(PAID_ORDERS);
    expect(responses.filter((r) => r.outcome === "duplicate" || r.outcome === "already-paid")).toHaveLength(
      PAID_ORDERS,
    );
    const orderIds = payable.map((p) => p.orderId);
    const paid = await handle.db
      .select({ paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(inArray(orders.id, orderIds));
    expect(paid.map((o) => o.paymentStatus)).toEqual(orderIds.map(() => "paid"));
    // The fleet's only invoices: one per order, numbered 1…N with no gap and no repeat.
    const documents = await handle.db.select().from(taxDocuments);
    expect(documents.map((d) => d.orderId).sort()).toEqual([...orderIds].sort());
    expect(documents.map((d) => d.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: PAID_ORDERS }, (_, i) => i + 1),
    );
    // The outbox is claimed by all three instances' mail workers: each client's mail (with its
    // invoice) and each staff notice goes out exactly once.
    const clientMails = () => smtp!.messages.filter((m) => m.to.some((to) => to.startsWith(`fleet-payer-${RUN}-`)));
    const staffMails = () =>
      smtp!.messages.filter(
        (m) =>
          payable.some((p) => m.subject.includes(p.orderId.slice(0, 8))) &&
          !m.to.some((to) => to.startsWith("fleet-payer-")),
      );
    for (
      let attempt = 0;
      attempt < 150 && (clientMails().length < PAID_ORDERS || staffMails().length < PAID_ORDERS);
      attempt++
    )
      await new Promise((resolve) => setTimeout(resolve, 200));
    // Long enough for a second sending of anything to show.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(
      clientMails()
        .map((m) => m.to[0])
        .sort(),
    ).toEqual(payable.map((p) => p.email).sort());
    expect(clientMails().every((m) => m.attachments.some((a) => a.contentType === "application/pdf"))).toBe(true);
    expect(staffMails()).toHaveLength(PAID_ORDERS);
    expect(new Set(staffMails().map((m) => m.subject)).size).toBe(PAID_ORDERS);
  }, 120_000);

  it("every instance gives the same bytes and the same ETag for a shared anonymous page", async () => {
    // The Arabic home page as a returning visitor asks for it (a first visit remembers the language: a private answer).
    for (const [page, cookie] of [
      ["/", ""],
      [SERVICE_PAGE, ""],
      ["/ar", `${LANG_COOKIE}=ar`],
    ] as const) {
      for (const encoding of ["identity", "br"]) {
        const answers = await Promise.all(
          instances.map(async (instance) => {
            const response = await fetch(`${instance.url}${page}`, {
              headers: { "Accept-Encoding": encoding, ...(cookie ? { Cookie: cookie } : {}) },
            });
            expect(response.status, `${page} ${instance.url}`).toBe(200);
            const bytes = Buffer.from(await response.arrayBuffer());
            return {
              etag: response.headers.get("etag"),
              cacheControl: response.headers.get("cache-control"),
              digest: crypto.createHash("sha256").update(bytes).digest("hex"),
            };
          }),
        );
        expect(answers[0]!.cacheControl, page).toMatch(/^public/);
        expect(answers[0]!.etag, page).toBeTruthy();
        for (const answer of answers.slice(1)) expect(answer, `${page} (${encoding})`).toEqual(answers[0]);
      }
    }
    // A browser's kept copy from one instance is confirmed by the others.
    const first = await fetch(`${instances[0]!.url}${SERVICE_PAGE}`);
    await first.body?.cancel();
    for (const instance of instances)
      expect(
        (await fetch(`${instance.url}${SERVICE_PAGE}`, { headers: { "If-None-Match": first.headers.get("etag")! } }))
          .status,
      ).toBe(304);
  });

  it("PostgreSQL going away and coming back: clear 503s meanwhile, then every instance recovers without a restart", async () => {
    const cookie = await signInOverHttp(publicUrl, EMAILS.client, PASSWORD);
    const timed = async (label: string, request: () => Promise<Response>) => {
      const started = Date.now();
      const response = await request();
      const text = await response.text();
      return { label, status: response.status, ms: Date.now() - started, text };
    };
    const signedInPage = (base: string) =>
      timed(`GET ${base}/dashboard`, () =>
        fetch(`${base}/dashboard`, {
          headers: { Cookie: cookie },
          redirect: "manual",
          signal: AbortSignal.timeout(20_000),
        }),
      );
    const formPost = (base: string, name: string) =>
      timed(`POST ${base}/dashboard/settings`, () =>
        postForm(base, "/dashboard/settings", { intent: "name", name }, { origin: publicUrl, cookie }),
      );
    // A restart of PostgreSQL: every open connection of the fleet's database ends, and new ones are refused for a while.
    relay!.cut();
    const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    try {
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${new URL(databaseUrl).pathname.slice(1)} and pid <> pg_backend_pid()`;
    } finally {
      await admin.end();
    }
    try {
      const during = [];
      for (const base of [...instances.map((instance) => instance.url), publicUrl]) {
        during.push(await signedInPage(base), await formPost(base, "During the outage"));
        const ready = await fetch(`${base}/readyz`);
        expect(ready.status, base).toBe(503);
      }
      for (const answer of during) {
        expect(answer.status, answer.label).toBe(503);
        expect(answer.text, answer.label).toContain("<html");
        expect(answer.ms, answer.label).toBeLessThan(15_000);
      }
    } finally {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await relay!.restore();
    }
    // Back: every instance, as it is (no restart), is ready again and serves a signed-in page and a form.
    for (const instance of instances) {
      let status = 0;
      for (let attempt = 0; attempt < 100 && status !== 200; attempt++) {
        status = (await fetch(`${instance.url}/readyz`)).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(status, instance.output().slice(-2000)).toBe(200);
      expect((await signedInPage(instance.url)).status).toBe(200);
      expect((await formPost(instance.url, `After the outage ${instance.port}`)).status).toBe(302);
      expect(instance.child.exitCode).toBeNull();
    }
    for (let i = 0; i < SIZE; i++) expect((await signedInPage(publicUrl)).status).toBe(200);
  }, 120_000);

  it("a rolling restart under load fails no request and loses no submission", async () => {
    const load = startLoad(`fleet-roll-${RUN}`);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      for (let index = 0; index < SIZE; index++) {
        const old = instances[index]!;
        const exitCode = await old.stop("SIGTERM");
        expect(exitCode, old.output().slice(-2000)).toBe(0);
        instances[index] = await startServer(instanceEnv, { port: ports[index] });
        // Load reaches the new one before the next is stopped.
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    } finally {
      await load.stop();
    }
    expect(load.failures, nginxLog().slice(-2000)).toEqual([]);
    expect(load.pageViews).toBeGreaterThan(20);
    expect(load.acknowledged).toBeGreaterThan(5);
    expect(await storedInquiries(load.marker)).toEqual({ rows: load.acknowledged, distinct: load.acknowledged });
    // Each acknowledgement mail goes out once, whichever instance queued it and whichever delivered
    // it (the outbox is claimed with SKIP LOCKED; a draining instance finishes its sending run).
    const acknowledgementsTo = () =>
      smtp!.messages.flatMap((message) => message.to).filter((to) => to.startsWith(load.marker));
    for (let attempt = 0; attempt < 300 && acknowledgementsTo().length < load.acknowledged; attempt++)
      await new Promise((resolve) => setTimeout(resolve, 200));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(acknowledgementsTo().length).toBe(load.acknowledged);
    expect(new Set(acknowledgementsTo()).size).toBe(load.acknowledged);
  }, 240_000);

  it("an instance killed with SIGKILL under load: nginx passes its requests on, nothing is stored twice", async () => {
    const load = startLoad(`fleet-kill-${RUN}`);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await instances[1]!.stop("SIGKILL");
      await new Promise((resolve) => setTimeout(resolve, 1500));
      instances[1] = await startServer(instanceEnv, { port: ports[1] });
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      await load.stop();
    }
    // A request cut off mid-way is retried on another instance (proxy_next_upstream): a form
    // carries its submission key, so a retried inquiry that had been stored is not stored again.
    expect(load.failures, nginxLog().slice(-2000)).toEqual([]);
    expect(load.acknowledged).toBeGreaterThan(3);
    expect(await storedInquiries(load.marker)).toEqual({ rows: load.acknowledged, distinct: load.acknowledged });
  }, 180_000);

  it("a deploy of a new version (a changed price) while a visitor reads: each page entirely old or entirely new, with its files", async () => {
    const next = buildChangedCopy((dir) => changeTravelBanPrice(dir, 777));
    try {
      /** What marks a version within a page: the price it shows and the fingerprinted files it loads. */
      const versionOf = (html: string) => ({
        prices: [...new Set([...html.matchAll(/"price":"(\d+)"/g)].map((match) => match[1]))].join(","),
        files: [...new Set([...html.matchAll(/\/build\/[\w./-]+\.(?:js|css)/g)].map((match) => match[0]))]
          .sort()
          .join(" "),
      });
      const seen: Array<{
        etag: string | null;
        prices: string;
        files: string;
        fileStatuses: number[];
        lastOldLeaving: boolean;
      }> = [];
      const failures: string[] = [];
      let running = true;
      /** From the moment the last replica of the old version drains, no replica holds the old files. */
      let lastOldLeaving = false;
      const visitor = (async () => {
        while (running) {
          try {
            const response = await fetch(`${publicUrl}${SERVICE_PAGE}`, { headers: { "Accept-Encoding": "br" } });
            const html = await response.text();
            if (response.status !== 200) {
              failures.push(`GET ${SERVICE_PAGE} ${response.status}`);
              continue;
            }
            const version = versionOf(html);
            // The browser then loads the page's scripts and styles, through the proxy as well.
            const fileStatuses = await Promise.all(
              version.files.split(" ").map(async (file) => {
                const asset = await fetch(`${publicUrl}${file}`);
                await asset.body?.cancel();
                return asset.status;
              }),
            );
            seen.push({ etag: response.headers.get("etag"), ...version, fileStatuses, lastOldLeaving });
          } catch (error) {
            failures.push(`network: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      })();
      try {
        await new Promise((resolve) => setTimeout(resolve, 500));
        // The rollout: each instance in turn drained and replaced by the new version.
        for (let index = 0; index < SIZE; index++) {
          lastOldLeaving = index === SIZE - 1;
          expect(await instances[index]!.stop("SIGTERM")).toBe(0);
          instances[index] = await startServer(instanceEnv, { port: ports[index], cwd: next.dir });
          await new Promise((resolve) => setTimeout(resolve, 700));
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      } finally {
        running = false;
        await visitor;
      }
      expect(failures, nginxLog().slice(-2000)).toEqual([]);
      const old = seen[0]!;
      const latest = seen.at(-1)!;
      expect(old.prices.split(",")).toContain("650");
      expect(old.prices.split(",")).not.toContain("777");
      expect(latest.prices.split(",")).toContain("777");
      expect(latest.prices.split(",")).not.toContain("650");
      expect(latest.files).not.toBe(old.files);
      // Each page is one version: the old price with the old files, or the new price with the new
      // files; and a tag never names pages of both (a tag may change within a version: the page's
      // submission key has a time window, decision 103).
      const versionOfTag = new Map<string | null, string>();
      for (const page of seen) {
        const version = [old, latest].find((known) => known.prices === page.prices && known.files === page.files);
        expect(version, JSON.stringify(page)).toBeDefined();
        const name = version === old ? "old" : "new";
        expect(versionOfTag.get(page.etag) ?? name, JSON.stringify(page)).toBe(name);
        versionOfTag.set(page.etag, name);
        // Every file the page names is found, whichever instance the proxy asks first (decision 103);
        // except, for an old page, once its last replica has gone: the page works without its
        // scripts (forms and links are plain HTML), and the next page is the new version.
        if (name === "new" || !page.lastOldLeaving)
          expect(page.fileStatuses, JSON.stringify(page)).toEqual(page.fileStatuses.map(() => 200));
      }
      expect(seen.filter((page) => page.files === old.files).length).toBeGreaterThan(3);
      expect(seen.filter((page) => page.files === latest.files).length).toBeGreaterThan(3);
    } finally {
      // The fleet stays on the new version until afterAll stops it; its build folder goes then.
      afterCleanup.push(() => next.remove());
    }
  }, 240_000);
});
