import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formRequest } from "../support/http";
import { changePassword, registerAccount, requestPasswordReset } from "../../app/auth/accounts.server";
import { hashPassword } from "../../app/auth/password.server";
import { db } from "../../app/db.server";
import { resetEnvForTests } from "../../app/env.server";
import { inquiryAction } from "../../app/inquiries/inquiry-action.server";
import { travelCheckAction } from "../../app/inquiries/travel-check.server";
import { changeOrderStatus } from "../../app/orders/order-status.server";
import { computeTotals, createOrder } from "../../app/orders/orders.server";
import { markPaidInTransaction } from "../../app/payments/payments.server";
import { inquiries, outbox, users } from "../../db/schema";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

// Every e-mail a visitor or client receives goes out in the language they used: the page the
// form was posted from, or for mails sent later (payment, staff changing an order) the language
// stored with the order. Staff notifications stay English. Mails are read from the outbox.

const SITE = "http://localhost:3000";
const ARABIC = /[\u0600-\u06FF]/;
let address = 0;
const fresh = () => ({ clientAddress: `203.0.113.${++address}` });

describe(`e-mails in the visitor's language on ${testDbKind()}`, () => {
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

  const mailsTo = (to: string) => t.handle.db.select().from(outbox).where(eq(outbox.toAddress, to));
  async function onlyMail(to: string, kind: string) {
    const found = (await mailsTo(to)).filter((mail) => mail.kind === kind);
    expect(found.map((mail) => mail.kind)).toEqual([kind]);
    return found[0]!;
  }
  /** An Arabic mail: Arabic subject and body, a right-to-left HTML part, links to /ar pages only. */
  function expectArabic(mail: { subject: string; textBody: string; htmlBody: string | null }) {
    expect(mail.subject).toMatch(ARABIC);
    expect(mail.textBody).toMatch(ARABIC);
    expect(mail.htmlBody).toContain('<html lang="ar" dir="rtl">');
    for (const link of mail.textBody.match(/https?:\/\/\S+/g) ?? [])
      if (link.startsWith(SITE)) expect(link).toMatch(new RegExp(`^${SITE}/ar(/|$)`));
  }
  function expectEnglish(mail: { subject: string; textBody: string; htmlBody: string | null }) {
    expect(mail.subject).not.toMatch(ARABIC);
    expect(mail.htmlBody).toContain('<html lang="en" dir="ltr">');
  }

  it("inquiry acknowledgement: Arabic from an Arabic page, English from an English one; staff always in English", async () => {
    const fields = {
      fullName: "Aisha Khan",
      phone: "+971 50 123 4567",
      country: "UAE",
      serviceType: "travel-ban-check",
      message: "Can I travel next month?",
      consent: "on",
    };
    await inquiryAction(
      formRequest(`${SITE}/ar/inquiry`, {
        ...fields,
        mode: "fetch",
        email: "ar.inquiry@example.com",
        sourcePage: "/ar/ban-checks/travel-ban-check",
      }),
      fresh(),
    );
    await inquiryAction(
      formRequest(`${SITE}/inquiry`, {
        ...fields,
        mode: "fetch",
        email: "en.inquiry@example.com",
        sourcePage: "/ban-checks/travel-ban-check",
      }),
      fresh(),
    );
    const arabic = await onlyMail("ar.inquiry@example.com", "inquiry-ack");
    expectArabic(arabic);
    expect(arabic.subject).toBe("وصلنا استفسارك");
    expect(arabic.textBody).toContain("فحص حظر السفر");
    const english = await onlyMail("en.inquiry@example.com", "inquiry-ack");
    expectEnglish(english);
    expect(english.subject).toBe("We received your inquiry");
    for (const staff of (await mailsTo("staff@example.com")).filter((mail) => mail.kind === "inquiry-staff"))
      expectEnglish(staff);
  });

  it("travel ban check acknowledgement in Arabic from the Arabic page", async () => {
    const fields = {
      mode: "fetch",
      fullName: "Rahul Menon",
      idNumber: "784 1985 1234567 1",
      nationality: "Indian",
      phone: "+971 55 765 4321",
      email: "ar.travel@example.com",
      consent: "on",
      sourcePage: "/ar/ban-checks/travel-ban-check?check=1",
    };
    await travelCheckAction(formRequest(`${SITE}/ar/travel-check`, fields), fresh());
    const mail = await onlyMail("ar.travel@example.com", "travel-check-ack");
    expectArabic(mail);
    expect(mail.subject).toBe("وصلنا طلب فحص حظر السفر");
  });

  it("account mails follow the page the visitor used, not the language stored on the account", async () => {
    // Registered in English…
    await registerAccount({
      name: "Omar Said",
      email: "omar.lang@example.com",
      password: "correct-horse-battery",
      lang: "en",
    });
    expectEnglish(await onlyMail("omar.lang@example.com", "verify-email"));
    await t.handle.db.delete(outbox);
    // …then registering again, asking for a reset and changing the password from Arabic pages.
    await registerAccount({
      name: "Omar Said",
      email: "omar.lang@example.com",
      password: "correct-horse-battery",
      lang: "ar",
    });
    expectArabic(await onlyMail("omar.lang@example.com", "account-exists"));
    await requestPasswordReset("omar.lang@example.com", "ar");
    const reset = await onlyMail("omar.lang@example.com", "reset-password");
    expectArabic(reset);
    expect(reset.textBody).toContain(`${SITE}/ar/password-reset?token=`);
    const [omar] = await t.handle.db.select().from(users).where(eq(users.email, "omar.lang@example.com"));
    expect((await changePassword(omar!.id, "correct-horse-battery", "fresh-horse-battery", { lang: "ar" })).ok).toBe(
      true,
    );
    expectArabic(await onlyMail("omar.lang@example.com", "password-changed"));
    // Without a page language (an older caller), the account's language.
    await t.handle.db.delete(outbox);
    await requestPasswordReset("omar.lang@example.com");
    expectEnglish(await onlyMail("omar.lang@example.com", "reset-password"));
    // Registering in Arabic: the verification mail is Arabic.
    await registerAccount({
      name: "ليلى",
      email: "layla.lang@example.com",
      password: "correct-horse-battery",
      lang: "ar",
    });
    expectArabic(await onlyMail("layla.lang@example.com", "verify-email"));
  });

  it("order mails: confirmation, payment and the admin's status change in the language the client ordered in", async () => {
    const [client] = await t.handle.db
      .insert(users)
      .values({
        email: "noura.orders@example.com",
        passwordHash: await hashPassword("correct-horse-battery"),
        fullName: "Noura",
        lang: "en",
      })
      .returning();
    const [admin] = await t.handle.db
      .insert(users)
      .values({ email: "admin.lang@example.com", passwordHash: "x", role: "admin", lang: "en" })
      .returning();
    const totals = await computeTotals([{ serviceType: "travel-ban", tierId: "basic", quantity: 1 }], undefined, "ar");
    const details = {
      legalName: "نورة أحمد",
      email: "noura.orders@example.com",
      phone: "+971 50 123 4567",
      state: "Dubai",
      description: "",
      documentLink: "",
    };
    const order = await createOrder({ userId: client!.id, lang: "ar", details, totals, files: [] });
    const confirmation = await onlyMail("noura.orders@example.com", "order-confirmation");
    expectArabic(confirmation);
    expect(confirmation.textBody).toContain("فحص حظر السفر");

    expect(
      await db.transaction((tx) =>
        markPaidInTransaction(tx, {
          orderId: order.id,
          provider: null,
          sessionId: null,
          amountTotal: order.amount,
          currency: "aed",
        }),
      ),
    ).toBe("paid");
    expectArabic(await onlyMail("noura.orders@example.com", "payment-received"));
    expectEnglish(await onlyMail("staff@example.com", "staff-order-paid"));

    // The admin works in English; the client still hears in Arabic, with the service's Arabic name.
    expect(await changeOrderStatus({ orderId: order.id, status: "completed", actorId: admin!.id })).toMatchObject({
      ok: true,
      changed: true,
    });
    const completed = await onlyMail("noura.orders@example.com", "order-completed");
    expectArabic(completed);
    expect(completed.textBody).toContain("فحص حظر السفر");
    expect(completed.textBody).not.toContain("Travel Ban Check");
    expect(completed.textBody).toContain(`${SITE}/ar/dashboard/orders/${order.id}`);
  });
});
