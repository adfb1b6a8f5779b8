import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../../db/schema";
import { resetEnvForTests } from "../../app/env.server";
import { renderEmail } from "../../app/mail/layout.server";
import { queueMail } from "../../app/mail/outbox.server";
import { deliverDueMail, retryDelayMs } from "../../app/mail/worker.server";
import { startFakeSmtp } from "../support/fake-smtp";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

describe(`mail outbox on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  const quiet = () => {};

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    process.env.SMTP_URL = smtp.url;
    process.env.SITE_NAME = "Sanad Legal";
    process.env.SESSION_SECRET = "x".repeat(32);
    resetEnvForTests();
  });
  afterEach(() => {
    smtp.messages.length = 0;
    smtp.control.failing = false;
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    resetEnvForTests();
    await smtp.close();
  });

  it("delivers a queued message through SMTP with recipient, subject and body", async () => {
    const mail = renderEmail({
      subject: "We received your inquiry",
      greeting: "Dear Aisha,",
      paragraphs: ["Our legal team will contact you within 24 hours."],
    });
    await t.handle.db.transaction(async (tx) => {
      await queueMail(tx, { to: "aisha@example.com", kind: "test", ...mail });
    });
    const result = await deliverDueMail({ log: quiet });
    expect(result.sent).toBe(1);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]).toMatchObject({ to: ["aisha@example.com"], subject: "We received your inquiry" });
    expect(smtp.messages[0]!.text).toContain("within 24 hours");
    expect(smtp.messages[0]!.text).toContain("Sanad Legal");
    expect(smtp.messages[0]!.html).toContain("Dear Aisha,");
    const [row] = await t.handle.db.select().from(outbox).where(eq(outbox.toAddress, "aisha@example.com"));
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("keeps a message queued when SMTP fails, and delivers it once SMTP is back", async () => {
    smtp.control.failing = true;
    await queueMail(t.handle.db, { to: "omar@example.com", subject: "Retry me", text: "Body", kind: "test" });
    const first = await deliverDueMail({ log: quiet });
    expect(first.sent).toBe(0);
    const [queued] = await t.handle.db.select().from(outbox).where(eq(outbox.toAddress, "omar@example.com"));
    expect(queued).toMatchObject({ status: "queued", attempts: 1 });
    expect(queued!.lastError).toMatch(/451|unavailable/i);
    expect(queued!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Not due yet: nothing happens even though SMTP works again.
    smtp.control.failing = false;
    expect((await deliverDueMail({ log: quiet })).claimed).toBe(0);
    // When it is due, it goes out.
    const later = new Date(Date.now() + retryDelayMs(1) + 1000);
    expect((await deliverDueMail({ now: later, log: quiet })).sent).toBe(1);
    expect(smtp.messages.map((m) => m.subject)).toEqual(["Retry me"]);
    const [sent] = await t.handle.db.select().from(outbox).where(eq(outbox.toAddress, "omar@example.com"));
    expect(sent).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("is not lost when nothing has been configured: held in the outbox", async () => {
    delete process.env.SMTP_URL;
    resetEnvForTests();
    try {
      await queueMail(t.handle.db, { to: "held@example.com", subject: "Held", text: "Body", kind: "test" });
      const logged: string[] = [];
      await deliverDueMail({ log: (m) => logged.push(m) });
      const [row] = await t.handle.db.select().from(outbox).where(eq(outbox.toAddress, "held@example.com"));
      expect(row?.status).toBe("held");
      expect(logged.join("\n")).toContain("held@example.com");
    } finally {
      process.env.SMTP_URL = smtp.url;
      resetEnvForTests();
    }
  });

  it("backs off between attempts, up to an hour", () => {
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });
});
