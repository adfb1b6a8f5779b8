import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formRequest } from "../support/http";
import { inquiries, outbox } from "../../db/schema";
import { readCart } from "../../app/cart/cart.server";
import { resetEnvForTests } from "../../app/env.server";
import {
  checkoutDefaultsFromWizard,
  formatGccPhone,
  loadWizard,
  wizardAction,
  type WizardPage,
} from "../../app/request-check/request-check.server";
import { stepErrors } from "../../app/request-check/rules";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

const SITE = "http://localhost:3000";
const client = { clientAddress: "203.0.113.50" };

/** A browser's cookie jar, enough for these tests. */
class Jar {
  cookies = new Map<string, string>();
  take(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const [name, ...rest] = pair!.split("=");
      if (/expires=Thu, 01 Jan 1970/i.test(header) || /max-age=0/i.test(header)) this.cookies.delete(name!);
      else this.cookies.set(name!, rest.join("="));
    }
  }
  get header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

async function act(jar: Jar, fields: Record<string, string>, lang: "en" | "ar" = "en") {
  const answer = await wizardAction(
    formRequest(`${SITE}${lang === "ar" ? "/ar" : ""}/request-check`, fields, { cookie: jar.header }),
    client,
    lang,
  );
  if (answer instanceof Response) {
    jar.take(answer);
    return { response: answer };
  }
  const value = answer as unknown as { data: WizardPage; init: ResponseInit | null };
  return { status: value.init?.status ?? 200, page: value.data };
}

const step1 = { fullName: "Fatima Al Zahra", emiratesId: "784 1992 7654321 2", passportNumber: "" };
const step2 = { phoneNumber: "+971 50 765 4321", email: "fatima@example.com" };

describe(`request wizard on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  beforeAll(async () => {
    process.env.SESSION_SECRET = "w".repeat(32);
    process.env.SITE_URL = SITE;
    process.env.INQUIRY_RATE_LIMIT = "1000";
    resetEnvForTests();
  });
  beforeEach(async () => {
    await t.handle.db.delete(inquiries);
    await t.handle.db.delete(outbox);
  });
  afterAll(async () => {
    delete process.env.INQUIRY_RATE_LIMIT;
    resetEnvForTests();
  });

  it("applies the same rules the browser uses", () => {
    expect(stepErrors(1, { fullName: "A", emiratesId: "784-1992-7654321-2" })).toEqual({});
    expect(stepErrors(1, { fullName: "", emiratesId: "123-4567" })).toEqual({
      fullName: "fullName",
      emiratesId: "emiratesId",
    });
    expect(stepErrors(1, { fullName: "A", emiratesId: "784199276543212", passportNumber: "!!" })).toEqual({
      passportNumber: "passportNumber",
    });
    // Local UAE numbers as residents write them, or GCC numbers with their country code; nothing else.
    expect(stepErrors(2, { phoneNumber: "050 123 4567", email: "x@y.ae" })).toEqual({});
    expect(stepErrors(2, { phoneNumber: "050 123", email: "x@y.ae" })).toEqual({ phoneNumber: "phoneNumber" });
    expect(stepErrors(2, { phoneNumber: "+44 20 7946 0958", email: "x@y.ae" })).toEqual({ phoneNumber: "phoneNumber" });
    expect(stepErrors(2, { phoneNumber: "+966 55 123 4567", email: "x@y" })).toEqual({ email: "email" });
  });

  it("checks a phone number against its country's plan, which the browser's quick check leaves to the server", async () => {
    // A UAE number no UAE plan has: it looks like a GCC number in the browser, the server refuses it.
    expect(stepErrors(2, { phoneNumber: "+971 12 345 6789", email: "x@y.ae" })).toEqual({});
    const { page } = await act(new Jar(), {
      step: "2",
      intent: "next",
      phoneNumber: "+971 12 345 6789",
      email: "x@y.ae",
    });
    expect(page!.result?.error?.phoneNumber).toBeDefined();
    expect(formatGccPhone("050 123 4567")).toBe("+971501234567");
    expect(formatGccPhone("00966 55 123 4567")).toBe("+966551234567");
  });

  it("cannot advance with an invalid Emirates ID and keeps what was typed", async () => {
    const jar = new Jar();
    const { status, page } = await act(jar, { step: "1", intent: "next", fullName: "Fatima", emiratesId: "784-12-34" });
    expect(status).toBe(400);
    expect(page!.step).toBe(1);
    expect(page!.result?.error?.emiratesId).toEqual(["Enter your Emirates ID as 784-XXXX-XXXXXXX-X"]);
    expect(page!.result?.initialValue).toMatchObject({ fullName: "Fatima", emiratesId: "784-12-34" });
    // Nor by asking for a later step in the address.
    expect(
      (await loadWizard(new Request(`${SITE}/request-check?step=3`, { headers: { Cookie: jar.header } }))).step,
    ).toBe(1);
  });

  it("answers in Arabic on the Arabic page", async () => {
    const { page } = await act(new Jar(), { step: "2", intent: "next", phoneNumber: "12", email: "" }, "ar");
    expect(page!.result?.error?.phoneNumber?.[0]).toMatch(/^أدخل رقم هاتف/);
  });

  it("moves forward and back with the values kept in a signed cookie, never below step 1", async () => {
    const jar = new Jar();
    const first = await act(jar, { step: "1", intent: "next", ...step1 });
    expect(first.response?.status).toBe(303);
    expect(first.response?.headers.get("Location")).toBe("/request-check?step=2");
    const atTwo = await loadWizard(new Request(`${SITE}/request-check?step=2`, { headers: { Cookie: jar.header } }));
    expect(atTwo).toMatchObject({ step: 2, values: { fullName: "Fatima Al Zahra" } });
    // Step 3 is not reached yet.
    expect(
      (await loadWizard(new Request(`${SITE}/request-check?step=3`, { headers: { Cookie: jar.header } }))).step,
    ).toBe(2);
    const back = await act(jar, { step: "2", intent: "back", phoneNumber: "+971 5" });
    expect(back.response?.headers.get("Location")).toBe("/request-check");
    const again = await act(jar, { step: "1", intent: "back" });
    expect(again.response?.headers.get("Location")).toBe("/request-check");
    const kept = await loadWizard(new Request(`${SITE}/request-check?step=2`, { headers: { Cookie: jar.header } }));
    expect(kept.values).toMatchObject({ emiratesId: "784 1992 7654321 2", phoneNumber: "+971 5" });
  });

  it("Submit & Pay stores the request, puts the AED 200 quick check in the cart and hands the details to the checkout", async () => {
    const jar = new Jar();
    await act(jar, { step: "1", intent: "next", ...step1 });
    await act(jar, { step: "2", intent: "next", ...step2 });
    const { response } = await act(jar, { step: "3", intent: "submit" });
    expect(response?.status).toBe(303);
    expect(response?.headers.get("Location")).toBe("/checkout");

    const [row] = await t.handle.db.select().from(inquiries);
    expect(row).toMatchObject({
      kind: "wizard",
      serviceType: "travel-ban-check",
      fullName: "Fatima Al Zahra",
      email: "fatima@example.com",
      phone: "+971507654321",
      documentId: "784-1992-7654321-2",
      details: { emiratesId: "784-1992-7654321-2" },
    });
    const cart = await readCart(new Request(`${SITE}/checkout`, { headers: { Cookie: jar.header } }));
    expect(cart.lines).toEqual([{ serviceType: "travel-ban-quick", tierId: "quick-check", quantity: 1 }]);
    expect(cart.subtotal).toBe(20_000);
    const defaults = await checkoutDefaultsFromWizard(
      new Request(`${SITE}/checkout`, { headers: { Cookie: jar.header } }),
      "en",
    );
    expect(defaults).toMatchObject({
      legalName: "Fatima Al Zahra",
      email: "fatima@example.com",
      phone: "+971507654321",
    });
    expect(defaults?.description).toContain("Emirates ID: 784-1992-7654321-2");
    expect(defaults?.description).toContain(row!.id.slice(0, 8).toUpperCase());
    // The wizard starts afresh.
    expect(jar.cookies.has("__request_check")).toBe(false);
  });

  it("a Submit & Pay sent again with one key stores one request and one quick check, also when its cookies were lost", async () => {
    const submissionId = crypto.randomUUID();
    const all = { ...step1, ...step2, step: "3", intent: "submit", submissionId };
    const jar = new Jar();
    await act(jar, all);
    // The retry after a lost answer: the browser never got the first answer's cookies.
    const lost = new Jar();
    const { response } = await act(lost, all);
    expect(response?.status).toBe(303);
    expect(await t.handle.db.select().from(inquiries)).toHaveLength(1);
    expect((await readCart(new Request(SITE, { headers: { Cookie: lost.header } }))).lines).toEqual([
      { serviceType: "travel-ban-quick", tierId: "quick-check", quantity: 1 },
    ]);
    // A retry that finds the quick check in the cart (the first answer did arrive) adds none.
    await act(jar, all);
    expect((await readCart(new Request(SITE, { headers: { Cookie: jar.header } }))).count).toBe(1);
    expect(await t.handle.db.select().from(inquiries)).toHaveLength(1);
  });

  it("with JavaScript, one post carries every step and is checked again: a bad phone returns to step 2", async () => {
    const { status, page } = await act(new Jar(), {
      step: "3",
      intent: "submit",
      ...step1,
      phoneNumber: "555",
      email: "fatima@example.com",
    });
    expect(status).toBe(400);
    expect(page!.step).toBe(2);
    expect(page!.result?.error?.phoneNumber).toBeDefined();
    expect(await t.handle.db.select().from(inquiries)).toHaveLength(0);
  });
});
