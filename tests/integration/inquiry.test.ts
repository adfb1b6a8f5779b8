import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formRequest, type FormFields } from "../support/http";
import { inquiries, outbox } from "../../db/schema";
import { resetEnvForTests } from "../../app/env.server";
import { inquiryAction } from "../../app/inquiries/inquiry-action.server";
import { storeLead } from "../../app/inquiries/inquiry.server";
import type { LeadFormAnswer } from "../../app/inquiries/lead-action.server";
import { deliverDueMail } from "../../app/mail/worker.server";
import type { FormFlash } from "../../app/forms/form-flash";
import { readFormFlash } from "../../app/forms/form-flash.server";
import { startFakeSmtp } from "../support/fake-smtp";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

const SITE = "http://localhost:3000";

/** The inquiry form as it reaches the action. */
const inquiryForm = (fields: FormFields, { path = "/inquiry" } = {}) => formRequest(`${SITE}${path}`, fields);

let address = 0;
/** Each test posts from its own address unless it says otherwise, so rate limits stay per test. */
const fresh = () => ({ clientAddress: `198.51.100.${++address}` });

const valid = (overrides: Record<string, string> = {}) => ({
  mode: "fetch",
  fullName: "Aisha Khan",
  email: "aisha@example.com",
  phone: "+971 50 123 4567",
  country: "UAE",
  documentId: "784-1990-1234567-1",
  serviceType: "labor-ban-check",
  message: "My visa was cancelled last month.\nCan I take a new job?",
  consent: "on",
  sourcePage: "/ban-checks/labor-ban-check",
  ...overrides,
});

/** The fetcher answer (mode=fetch): its data and status. */
function fetched(answer: LeadFormAnswer): { status: number; flash: FormFlash } {
  expect(answer).not.toBeInstanceOf(Response);
  const value = answer as Exclude<LeadFormAnswer, Response>;
  const init = value.init as ResponseInit | null;
  return { status: init?.status ?? 200, flash: value.data };
}

describe(`inquiry action on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  beforeAll(async () => {
    process.env.SESSION_SECRET = "s".repeat(32);
    process.env.STAFF_EMAIL = "staff@example.com";
    process.env.SITE_URL = SITE;
    delete process.env.SMTP_URL;
    resetEnvForTests();
  });
  beforeEach(async () => {
    await t.handle.db.delete(inquiries);
    await t.handle.db.delete(outbox);
  });
  afterEach(() => {
    delete process.env.INQUIRY_RATE_LIMIT;
    resetEnvForTests();
  });

  it("stores a valid inquiry with the page's service key and source URL, and queues both mails", async () => {
    const { status, flash } = fetched(await inquiryAction(inquiryForm(valid()), fresh()));
    expect(status).toBe(200);
    expect(flash.notice).toEqual({
      kind: "success",
      title: "Inquiry Submitted Successfully",
      description: "Our legal team will review your request and contact you within 24 hours.",
    });
    expect(flash.result?.status).toBe("success");
    expect(flash.result?.initialValue).toBeNull();

    const rows = await t.handle.db.select().from(inquiries);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "inquiry",
      fullName: "Aisha Khan",
      email: "aisha@example.com",
      // Stored as E.164, however it was typed.
      phone: "+971501234567",
      country: "UAE",
      documentId: "784-1990-1234567-1",
      serviceType: "labor-ban-check",
      message: "My visa was cancelled last month.\nCan I take a new job?",
      sourcePageUrl: `${SITE}/ban-checks/labor-ban-check`,
      status: "new",
      lang: "en",
    });
    expect(rows[0]!.consentAt).toBeInstanceOf(Date);
    expect(flash.data?.reference).toBe(rows[0]!.id.slice(0, 8).toUpperCase());

    const mails = await t.handle.db.select().from(outbox).orderBy(outbox.kind);
    expect(mails.map((m) => [m.kind, m.toAddress])).toEqual([
      ["inquiry-ack", "aisha@example.com"],
      ["inquiry-staff", "staff@example.com"],
    ]);
    expect(mails[0]!.subject).toBe("We received your inquiry");
    expect(mails[0]!.textBody).toContain("Dear Aisha Khan,");
    expect(mails[0]!.textBody).toContain(flash.data!.reference!);
    expect(mails[1]!.subject).toBe("New inquiry: Labor Ban Check from Aisha Khan");
    expect(mails[1]!.textBody).toContain(`${SITE}/ban-checks/labor-ban-check`);
    expect(mails[1]!.textBody).toContain("Can I take a new job?");
  });

  it("accepts an inquiry without the optional fields, and a name that is only a script is missing", async () => {
    const { documentId: _d, message: _m, serviceType: _s, ...form } = valid();
    const { status } = fetched(await inquiryAction(inquiryForm({ ...form, documentId: "", message: "" }), fresh()));
    expect(status).toBe(200);
    const [row] = await t.handle.db.select().from(inquiries);
    expect(row).toMatchObject({ documentId: null, message: null, serviceType: "general" });
    const refused = fetched(
      await inquiryAction(
        inquiryForm(valid({ fullName: "<script>alert(1)</script>", message: "javascript:" })),
        fresh(),
      ),
    ).flash;
    expect(refused.result?.error).toEqual({ fullName: ["Enter your full name"] });
  });

  it("accepts local phone numbers of the UAE and of the chosen GCC country, and stores them as E.164", async () => {
    const stored = async (phone: string, country: string) => {
      await t.handle.db.delete(inquiries);
      const { status, flash } = fetched(await inquiryAction(inquiryForm(valid({ phone, country })), fresh()));
      if (status !== 200) return flash.result?.error?.phone?.[0] ?? `HTTP ${status}`;
      return (await t.handle.db.select().from(inquiries))[0]!.phone;
    };
    expect(await stored("050 123 4567", "UAE")).toBe("+971501234567");
    expect(await stored("04 123 4567", "UAE")).toBe("+97141234567");
    expect(await stored("055 123 4567", "Saudi Arabia")).toBe("+966551234567");
    expect(await stored("011 234 5678", "Saudi Arabia")).toBe("+966112345678");
    expect(await stored("9876 5432", "Kuwait")).toBe("+96598765432");
    expect(await stored("050 123 4567", "Oman")).toBe("+971501234567");
    expect(await stored("+44 20 7946 0958", "Other")).toBe("+442079460958");
    // A Saudi landline is not a UAE number: refused when the country is the UAE.
    expect(await stored("011 234 5678", "UAE")).toBe("Enter a phone number such as 050 123 4567 or +971 50 123 4567");
  });

  it("without JavaScript redirects back to the page (303) with the outcome in a flash cookie", async () => {
    const { mode: _mode, ...form } = valid({ sourcePage: "/ar/ban-checks/labor-ban-check" });
    const response = await inquiryAction(inquiryForm(form, { path: "/ar/inquiry" }), fresh());
    expect(response).toBeInstanceOf(Response);
    const redirect = response as Response;
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get("Location")).toBe("/ar/ban-checks/labor-ban-check#inquiry-form");
    const cookie = redirect.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^__form=/);
    const { flash } = await readFormFlash(new Request(SITE, { headers: { Cookie: cookie.split(";")[0]! } }));
    expect(flash).toMatchObject({
      formId: "inquiry",
      path: "/ar/ban-checks/labor-ban-check",
      notice: { kind: "success", title: "تم إرسال استفسارك بنجاح" },
    });
    const [row] = await t.handle.db.select().from(inquiries);
    expect(row).toMatchObject({ lang: "ar", sourcePageUrl: `${SITE}/ar/ban-checks/labor-ban-check` });
  });

  it("refuses bad fields with a message next to each, keeps the input, and stores nothing", async () => {
    const { status, flash } = fetched(
      await inquiryAction(
        inquiryForm(
          valid({
            fullName: "x".repeat(101),
            email: "not-an-email",
            phone: "call me",
            country: "France",
            serviceType: "astrology",
            documentId: "",
          }),
        ),
        fresh(),
      ),
    );
    expect(status).toBe(400);
    expect(flash.notice).toMatchObject({ kind: "error", title: "Please check the form" });
    expect(flash.result?.error).toMatchObject({
      fullName: ["Use at most 100 characters"],
      email: ["Enter a valid e-mail address, e.g. name@example.com"],
      phone: ["Enter a phone number such as 050 123 4567 or +971 50 123 4567"],
      country: ["Choose your country from the list"],
      serviceType: ["Choose a service from the list"],
    });
    expect(flash.result?.initialValue).toMatchObject({
      email: "not-an-email",
      message: "My visa was cancelled last month.\nCan I take a new job?",
    });
    expect(flash.result?.initialValue).not.toHaveProperty("submissionId");
    expect(await t.handle.db.select().from(inquiries)).toHaveLength(0);
    expect(await t.handle.db.select().from(outbox)).toHaveLength(0);
  });

  it("requires the required fields, in Arabic on Arabic pages", async () => {
    const { flash } = fetched(
      await inquiryAction(inquiryForm({ mode: "fetch", consent: "on" }, { path: "/ar/inquiry" }), fresh()),
    );
    expect(flash.result?.error).toMatchObject({ fullName: ["أدخل اسمك الكامل"], country: ["اختر دولتك من القائمة"] });
    expect(flash.result?.error?.serviceType).toBeUndefined();
  });

  it("shows 'Consent Required' without consent and stores nothing", async () => {
    const { consent: _consent, ...form } = valid();
    const { status, flash } = fetched(await inquiryAction(inquiryForm(form), fresh()));
    expect(status).toBe(400);
    expect(flash.notice).toEqual({
      kind: "error",
      title: "Consent Required",
      description: "Please consent to data processing to continue",
    });
    expect(flash.result?.error?.consent).toEqual(["Please tick the box to consent to data processing"]);
    expect(await t.handle.db.select().from(inquiries)).toHaveLength(0);
    expect(await t.handle.db.select().from(outbox)).toHaveLength(0);
  });

  it("cleans script tags, javascript: and on-event attributes before storing", async () => {
    fetched(
      await inquiryAction(
        inquiryForm(
          valid({
            fullName: "<script>alert(1)</script>Omar  Haddad",
            documentId: "javascript:P1234567",
            message: 'Hi <img src=x onerror="steal()"> there',
          }),
        ),
        fresh(),
      ),
    );
    const [row] = await t.handle.db.select().from(inquiries);
    expect(row).toMatchObject({ fullName: "Omar Haddad", documentId: "P1234567", message: "Hi <img src=x> there" });
  });

  it("stores a double-clicked submit once and mails once", async () => {
    const submissionId = crypto.randomUUID();
    const client = fresh();
    const answers = await Promise.all([
      inquiryAction(inquiryForm(valid({ submissionId })), client),
      inquiryAction(inquiryForm(valid({ submissionId })), client),
    ]);
    const references = answers.map((a) => fetched(a).flash.data?.reference);
    expect(references[0]).toBe(references[1]);
    expect(answers.map((a) => fetched(a).status)).toEqual([200, 200]);
    expect(await t.handle.db.select().from(inquiries)).toHaveLength(1);
    expect(await t.handle.db.select().from(outbox)).toHaveLength(2);
  });

  it("keeps keys per form: the inquiry and the travel check of one page load are two submissions", async () => {
    const submissionId = crypto.randomUUID();
    const base = {
      fullName: "Aisha Khan",
      email: "aisha@example.com",
      phone: "+971501234567",
      submissionId,
      lang: "en" as const,
    };
    const inquiry = await storeLead({ ...base, kind: "inquiry", serviceType: "labor-ban-check" });
    const check = await storeLead({ ...base, kind: "travel-check", serviceType: "travel-ban-check" });
    const again = await storeLead({ ...base, kind: "travel-check", serviceType: "travel-ban-check" });
    expect(check.id).not.toBe(inquiry.id);
    expect(again).toMatchObject({ id: check.id, duplicate: true });
    expect(await t.handle.db.select().from(inquiries)).toHaveLength(2);
  });

  it("rate-limits per client address, counted in the database", async () => {
    process.env.INQUIRY_RATE_LIMIT = "2";
    resetEnvForTests();
    const client = fresh();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push(fetched(await inquiryAction(inquiryForm(valid()), client)).status);
    expect(statuses).toEqual([200, 200, 429]);
    const refused = fetched(await inquiryAction(inquiryForm(valid()), client)).flash;
    expect(refused.notice).toMatchObject({ kind: "error", title: "Too many requests" });
    expect(refused.result?.initialValue).toMatchObject({ fullName: "Aisha Khan" });
    expect(fetched(await inquiryAction(inquiryForm(valid()), fresh())).status).toBe(200);
    expect(await t.handle.db.select().from(inquiries)).toHaveLength(3);
  });

  it("answers a filled honeypot as a success and keeps nothing", async () => {
    const { status, flash } = fetched(
      await inquiryAction(inquiryForm(valid({ website: "http://spam.example" })), fresh()),
    );
    expect(status).toBe(200);
    expect(flash.notice?.title).toBe("Inquiry Submitted Successfully");
    expect(await t.handle.db.select().from(inquiries)).toHaveLength(0);
  });

  it("answers 400 with a message for a body that is not a form, or too large", async () => {
    const json = new Request(`${SITE}/inquiry`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(valid()),
    });
    const response = (await inquiryAction(json, fresh())) as Response;
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/could not read that form/);
    const huge = (await inquiryAction(inquiryForm(valid({ message: "x".repeat(70_000) })), fresh())) as Response;
    expect(huge.status).toBe(400);
    expect(await t.handle.db.select().from(inquiries)).toHaveLength(0);
  });

  it("keeps the longest allowed Arabic input across the redirect within the browser's cookie size", async () => {
    // Text like a visitor's: Arabic words of random letters, not one repeated character.
    const letters = "ابتثجحخدذرزسشصضطظعغفقكلمنهوي";
    const arabicText = (length: number) => {
      let text = "";
      while (text.length < length)
        text +=
          Array.from(
            { length: 2 + Math.floor(Math.random() * 6) },
            () => letters[Math.floor(Math.random() * letters.length)],
          ).join("") + " ";
      return text.slice(0, length - 1) + "ت";
    };
    const message = arabicText(1000);
    const fullName = arabicText(100);
    const { mode: _mode, ...form } = valid({
      fullName,
      email: "not-an-email-" + "x".repeat(200),
      documentId: arabicText(50),
      message,
      sourcePage: "/ar/contact",
    });
    const response = (await inquiryAction(inquiryForm(form, { path: "/ar/inquiry" }), fresh())) as Response;
    const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(cookie.length).toBeLessThan(4096);
    const { flash } = await readFormFlash(new Request(SITE, { headers: { Cookie: cookie } }));
    expect(flash?.result?.initialValue).toMatchObject({ fullName, message });
    expect(flash?.result?.error?.email).toEqual(["أدخل بريداً إلكترونياً صحيحاً، مثل name@example.com"]);
  });

  it("never redirects off the site: a foreign source page falls back to the home page", async () => {
    const { mode: _mode, ...form } = valid({ sourcePage: "//evil.example/x" });
    const response = (await inquiryAction(inquiryForm(form), fresh())) as Response;
    expect(response.headers.get("Location")).toBe("/#inquiry-form");
  });

  it("shows 'Submission Failed' with the input kept when the inquiry cannot be saved", async () => {
    await t.handle.db.execute(sql`alter table inquiries rename to inquiries_away`);
    const errors = console.error;
    console.error = () => {};
    try {
      const { status, flash } = fetched(await inquiryAction(inquiryForm(valid()), fresh()));
      expect(status).toBe(503);
      expect(flash.notice).toEqual({
        kind: "error",
        title: "Submission Failed",
        description: "Please try again or contact our support team",
      });
      expect(flash.result?.initialValue).toMatchObject({ fullName: "Aisha Khan", email: "aisha@example.com" });
    } finally {
      console.error = errors;
      await t.handle.db.execute(sql`alter table inquiries_away rename to inquiries`);
    }
    expect(await t.handle.db.select().from(outbox)).toHaveLength(0);
  });

  it("delivers the acknowledgement and the staff notification through SMTP", async () => {
    const smtp = await startFakeSmtp();
    process.env.SMTP_URL = smtp.url;
    resetEnvForTests();
    try {
      fetched(await inquiryAction(inquiryForm(valid({ email: "omar@example.com" })), fresh()));
      await deliverDueMail({ log: () => {} });
      const ack = smtp.messages.find((m) => m.to.includes("omar@example.com"));
      const staff = smtp.messages.find((m) => m.to.includes("staff@example.com"));
      expect(ack?.subject).toBe("We received your inquiry");
      expect(ack?.text).toContain("contact you within 24 hours");
      expect(staff?.text).toContain("labor-ban-check");
      const sent = await t.handle.db.select().from(outbox).where(eq(outbox.status, "sent"));
      expect(sent).toHaveLength(2);
    } finally {
      delete process.env.SMTP_URL;
      resetEnvForTests();
      await smtp.close();
    }
  });
});
