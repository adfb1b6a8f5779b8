import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  accessLog,
  chatConversations,
  dataExports,
  inquiries,
  orderDocuments,
  orderEvents,
  orderMessages,
  orders,
  outbox,
  rateLimits,
  sessions,
  submissionKeys,
  taxDocuments,
  users,
  webVitals,
} from "../../db/schema";
import { resetEnvForTests } from "../../app/env.server";
import { retentionCutoff, RETENTION_RULES, type RetentionKind } from "../../app/privacy/retention";
import { RETENTION_JOBS, runRetentionJobs } from "../../app/privacy/retention-jobs.server";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

// Each rule of the retention table with the clock moved to just before and just after its period:
// the job deletes what is a minute past the cutoff and keeps what is a minute short of it.
const NOW = new Date("2031-06-15T10:00:00Z");
const MINUTE = 60_000;
const past = (kind: RetentionKind) => new Date(retentionCutoff(kind, NOW).getTime() - MINUTE);
const within = (kind: RetentionKind) => new Date(retentionCutoff(kind, NOW).getTime() + MINUTE);

describe(`retention jobs on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  beforeAll(async () => {
    resetEnvForTests();
  });

  const ids = async <T extends { id: string }>(rows: Promise<T[]>) => (await rows).map((row) => row.id);
  let clientCount = 0;
  const client = async (values: Partial<typeof users.$inferInsert> = {}) => {
    const [row] = await t.handle.db
      .insert(users)
      .values({
        email: `retention-${++clientCount}@example.com`,
        passwordHash: "x",
        fullName: "Retention Client",
        ...values,
      })
      .returning();
    return row!;
  };
  const order = async (userId: string, values: Partial<typeof orders.$inferInsert> = {}) => {
    const [row] = await t.handle.db
      .insert(orders)
      .values({
        userId,
        amount: 10_000,
        subtotal: 10_000,
        legalName: "Retention Client",
        email: "client@example.com",
        phone: "+971501112233",
        details: { passportNumber: "N1234567" },
        ...values,
      })
      .returning();
    return row!;
  };
  const endOrder = async (orderId: string, status: "completed" | "cancelled", at: Date) => {
    await t.handle.db.update(orders).set({ status, updatedAt: at }).where(eq(orders.id, orderId));
    await t.handle.db
      .insert(orderEvents)
      .values({ orderId, kind: "status", fromValue: "processing", toValue: status, createdAt: at });
  };
  const pdf = Buffer.from("%PDF-1.4\n% retention\n");
  const document = async (orderId: string, messageId?: string) => {
    const [row] = await t.handle.db
      .insert(orderDocuments)
      .values({
        orderId,
        messageId,
        kind: "upload",
        fileName: "passport.pdf",
        contentType: "application/pdf",
        sizeBytes: pdf.length,
        sha256: crypto.createHash("sha256").update(pdf).digest("hex"),
        data: pdf,
      })
      .returning({ id: orderDocuments.id });
    return row!.id;
  };
  let invoiceNumber = 0;
  const invoice = async (orderId: string, issuedAt: Date) => {
    const number = ++invoiceNumber;
    const party = { name: "Retention Client" };
    const [row] = await t.handle.db
      .insert(taxDocuments)
      .values({
        kind: "invoice",
        series: "RET",
        number,
        documentNumber: `RET-${number}`,
        orderId,
        lang: "en",
        issuedAt,
        supplyDate: issuedAt,
        supplier: party,
        customer: party,
        lines: [],
        vatRate: 500,
        totalTaxable: 0,
        totalVat: 0,
        total: 0,
      })
      .returning({ id: taxDocuments.id });
    return row!.id;
  };

  it("inquiries: 12 months from the last contact, unless an order followed from the same address", async () => {
    const base = { fullName: "A", phone: "+971500000000", consentAt: NOW, kind: "inquiry" as const };
    const [old, fresh, converted, checkRequest] = await t.handle.db
      .insert(inquiries)
      .values([
        { ...base, email: "old@example.com", createdAt: past("inquiries"), updatedAt: past("inquiries") },
        { ...base, email: "fresh@example.com", createdAt: past("inquiries"), updatedAt: within("inquiries") },
        { ...base, email: "Converted@example.com", createdAt: past("inquiries"), updatedAt: past("inquiries") },
        // A check request is another kind with its own period: untouched by this job.
        {
          ...base,
          kind: "travel-check" as const,
          email: "check@example.com",
          createdAt: past("inquiries"),
          updatedAt: past("inquiries"),
          repliedAt: NOW,
        },
      ])
      .returning({ id: inquiries.id });
    const owner = await client();
    await order(owner.id, { email: "converted@example.com", createdAt: within("inquiries") });
    expect(await RETENTION_JOBS.inquiries(NOW)).toBe(1);
    const left = await ids(t.handle.db.select({ id: inquiries.id }).from(inquiries));
    expect(left).not.toContain(old!.id);
    expect(left).toEqual(expect.arrayContaining([fresh!.id, converted!.id, checkRequest!.id]));
  });

  it("check requests: 90 days from our reply, or from the request when never answered", async () => {
    await t.handle.db.delete(inquiries);
    const base = { fullName: "A", email: "c@example.com", phone: "+971500000000", consentAt: NOW };
    const [repliedLongAgo, repliedRecently, neverAnswered, waiting] = await t.handle.db
      .insert(inquiries)
      .values([
        {
          ...base,
          kind: "travel-check" as const,
          createdAt: past("check-requests"),
          repliedAt: past("check-requests"),
        },
        { ...base, kind: "wizard" as const, createdAt: past("check-requests"), repliedAt: within("check-requests") },
        { ...base, kind: "wizard" as const, createdAt: past("check-requests") },
        { ...base, kind: "travel-check" as const, createdAt: within("check-requests") },
      ])
      .returning({ id: inquiries.id });
    expect(await RETENTION_JOBS["check-requests"](NOW)).toBe(2);
    const left = await ids(t.handle.db.select({ id: inquiries.id }).from(inquiries));
    expect(left.sort()).toEqual([repliedRecently!.id, waiting!.id].sort());
    expect(left).not.toContain(repliedLongAgo!.id);
    expect(left).not.toContain(neverAnswered!.id);
  });

  it("answering a check request starts its clock once", async () => {
    const { setInquiryStatus } = await import("../../app/admin/inquiries.server");
    const [row] = await t.handle.db
      .insert(inquiries)
      .values({ kind: "travel-check", fullName: "A", email: "r@example.com", phone: "+971500000000", consentAt: NOW })
      .returning();
    expect(await setInquiryStatus(row!.id, "contacted")).toBe(true);
    const [first] = await t.handle.db
      .select({ repliedAt: inquiries.repliedAt })
      .from(inquiries)
      .where(eq(inquiries.id, row!.id));
    expect(first!.repliedAt).toBeInstanceOf(Date);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await setInquiryStatus(row!.id, "closed");
    const [second] = await t.handle.db
      .select({ repliedAt: inquiries.repliedAt })
      .from(inquiries)
      .where(eq(inquiries.id, row!.id));
    expect(second!.repliedAt!.getTime()).toBe(first!.repliedAt!.getTime());
  });

  it("order documents and reports: 12 months from completion or cancellation; open orders keep theirs", async () => {
    const owner = await client();
    const completedLongAgo = await order(owner.id);
    await endOrder(completedLongAgo.id, "completed", past("order-documents"));
    const cancelledLongAgo = await order(owner.id);
    await endOrder(cancelledLongAgo.id, "cancelled", past("order-documents"));
    const completedRecently = await order(owner.id);
    await endOrder(completedRecently.id, "completed", within("order-documents"));
    const open = await order(owner.id, {
      status: "processing",
      createdAt: past("order-records"),
      updatedAt: past("order-documents"),
    });
    const gone = [await document(completedLongAgo.id), await document(cancelledLongAgo.id)];
    const kept = [await document(completedRecently.id), await document(open.id)];
    expect(await RETENTION_JOBS["order-documents"](NOW)).toBe(2);
    const left = await ids(t.handle.db.select({ id: orderDocuments.id }).from(orderDocuments));
    expect(left).toEqual(expect.arrayContaining(kept));
    for (const id of gone) expect(left).not.toContain(id);
  });

  it("order records: 5 years, invoices included; younger records and the immutability of invoices stay", async () => {
    const owner = await client();
    const old = await order(owner.id, { createdAt: past("order-records") });
    await endOrder(old.id, "completed", past("order-records"));
    const oldInvoice = await invoice(old.id, past("order-records"));
    const young = await order(owner.id, { createdAt: within("order-records") });
    await endOrder(young.id, "completed", within("order-records"));
    const youngInvoice = await invoice(young.id, within("order-records"));
    // Outside the job, an invoice still cannot be deleted.
    await expect(t.handle.db.delete(taxDocuments).where(eq(taxDocuments.id, youngInvoice))).rejects.toThrow();
    expect(await RETENTION_JOBS["order-records"](NOW)).toBeGreaterThanOrEqual(1);
    const leftOrders = await ids(t.handle.db.select({ id: orders.id }).from(orders));
    expect(leftOrders).not.toContain(old.id);
    expect(leftOrders).toContain(young.id);
    const leftInvoices = await ids(t.handle.db.select({ id: taxDocuments.id }).from(taxDocuments));
    expect(leftInvoices).toEqual([youngInvoice]);
    expect(leftInvoices).not.toContain(oldInvoice);
  });

  it("closed accounts: profile, documents and messages go after 30 days; the orders and invoices stay (the tax hold), reduced", async () => {
    const closedLongAgo = await client({
      closedAt: past("closed-accounts"),
      totpSecret: "JBSWY3DPEHPK3PXP",
      totpEnabledAt: NOW,
    });
    const closedRecently = await client({ closedAt: within("closed-accounts") });
    const paid = await order(closedLongAgo.id, { paymentStatus: "paid", customerCompany: "Acme LLC" });
    await endOrder(paid.id, "completed", within("order-documents"));
    const paidInvoice = await invoice(paid.id, within("order-records"));
    const [message] = await t.handle.db
      .insert(orderMessages)
      .values({ orderId: paid.id, authorId: closedLongAgo.id, side: "client", body: "My passport is attached" })
      .returning();
    await document(paid.id, message!.id);
    await document(paid.id);
    const recentOrder = await order(closedRecently.id);
    await document(recentOrder.id);
    await t.handle.db
      .insert(inquiries)
      .values({ fullName: "A", email: closedLongAgo.email, phone: "+971500000000", consentAt: NOW });
    await t.handle.db.insert(sessions).values({
      userId: closedLongAgo.id,
      tokenHash: "closed-session",
      expiresAt: new Date(NOW.getTime() + 86_400_000),
      lastSeenAt: NOW,
    });

    expect(await RETENTION_JOBS["closed-accounts"](NOW)).toBe(1);
    const [profile] = await t.handle.db.select().from(users).where(eq(users.id, closedLongAgo.id));
    expect(profile).toMatchObject({ fullName: null, totpSecret: null, totpEnabledAt: null, passwordHash: "closed" });
    expect(profile!.email).toBe(`closed-${closedLongAgo.id}@closed.invalid`);
    expect(profile!.anonymisedAt).toEqual(NOW);
    const [kept] = await t.handle.db.select().from(orders).where(eq(orders.id, paid.id));
    expect(kept).toMatchObject({
      amount: 10_000,
      legalName: "Retention Client",
      customerCompany: "Acme LLC",
      email: null,
      phone: null,
      details: {},
    });
    expect(await t.handle.db.select().from(taxDocuments).where(eq(taxDocuments.id, paidInvoice))).toHaveLength(1);
    expect(await t.handle.db.select().from(orderDocuments).where(eq(orderDocuments.orderId, paid.id))).toEqual([]);
    expect(await t.handle.db.select().from(orderMessages).where(eq(orderMessages.orderId, paid.id))).toEqual([]);
    expect(await t.handle.db.select().from(inquiries).where(eq(inquiries.email, closedLongAgo.email))).toEqual([]);
    expect(await t.handle.db.select().from(sessions).where(eq(sessions.userId, closedLongAgo.id))).toEqual([]);
    // Inside its period, the other closed account is untouched.
    const [waiting] = await t.handle.db.select().from(users).where(eq(users.id, closedRecently.id));
    expect(waiting).toMatchObject({ email: closedRecently.email, anonymisedAt: null });
    expect(
      await t.handle.db.select().from(orderDocuments).where(eq(orderDocuments.orderId, recentOrder.id)),
    ).toHaveLength(1);
    // Running again changes nothing: the hold keeps the order records for their own period.
    expect(await RETENTION_JOBS["closed-accounts"](NOW)).toBe(0);
    expect(await RETENTION_JOBS["order-records"](NOW)).toBe(0);
    expect(await t.handle.db.select().from(orders).where(eq(orders.id, paid.id))).toHaveLength(1);
  });

  it("assistant and chat conversations: 30 days from the last message", async () => {
    const rows = await t.handle.db
      .insert(chatConversations)
      .values([
        { channel: "assistant", updatedAt: past("assistant-conversations") },
        { channel: "assistant", updatedAt: within("assistant-conversations") },
        { channel: "widget", updatedAt: past("chat-widget") },
        { channel: "widget", updatedAt: within("chat-widget") },
      ])
      .returning({ id: chatConversations.id });
    expect(await RETENTION_JOBS["assistant-conversations"](NOW)).toBe(1);
    expect(await RETENTION_JOBS["chat-widget"](NOW)).toBe(1);
    expect((await ids(t.handle.db.select({ id: chatConversations.id }).from(chatConversations))).sort()).toEqual(
      [rows[1]!.id, rows[3]!.id].sort(),
    );
  });

  it("sent mail: 90 days; a message not yet delivered is kept", async () => {
    const mail = { toAddress: "x@example.com", subject: "S", textBody: "T", kind: "test" };
    const rows = await t.handle.db
      .insert(outbox)
      .values([
        { ...mail, status: "sent" as const, createdAt: past("sent-mail") },
        { ...mail, status: "held" as const, createdAt: past("sent-mail") },
        { ...mail, status: "queued" as const, createdAt: past("sent-mail") },
        { ...mail, status: "sent" as const, createdAt: within("sent-mail") },
      ])
      .returning({ id: outbox.id });
    expect(await RETENTION_JOBS["sent-mail"](NOW)).toBe(2);
    expect((await ids(t.handle.db.select({ id: outbox.id }).from(outbox))).sort()).toEqual(
      [rows[2]!.id, rows[3]!.id].sort(),
    );
  });

  it("performance measurements: 30 days", async () => {
    await t.handle.db.insert(webVitals).values([
      { route: "/", name: "LCP", value: 1, createdAt: past("web-vitals") },
      { route: "/", name: "LCP", value: 2, createdAt: within("web-vitals") },
    ]);
    expect(await RETENTION_JOBS["web-vitals"](NOW)).toBe(1);
    expect((await t.handle.db.select().from(webVitals)).map((row) => row.value)).toEqual([2]);
  });

  it("security logs: 30 days (rate limits, sessions by last use, repeated-form records)", async () => {
    const owner = await client();
    const far = new Date(NOW.getTime() + 86_400_000);
    await t.handle.db.insert(rateLimits).values([
      { key: "login-ip:old", windowStart: past("security-logs"), count: 1, expiresAt: far },
      { key: "login-ip:new", windowStart: within("security-logs"), count: 1, expiresAt: far },
    ]);
    await t.handle.db.insert(sessions).values([
      { userId: owner.id, tokenHash: "idle-session", lastSeenAt: past("security-logs"), expiresAt: far },
      { userId: owner.id, tokenHash: "used-session", lastSeenAt: within("security-logs"), expiresAt: far },
    ]);
    await t.handle.db.insert(submissionKeys).values([
      { key: "k:old", createdAt: past("security-logs") },
      { key: "k:new", createdAt: within("security-logs") },
    ]);
    expect(await RETENTION_JOBS["security-logs"](NOW)).toBe(3);
    expect((await t.handle.db.select().from(rateLimits)).map((row) => row.key)).toEqual(["login-ip:new"]);
    expect(
      (await t.handle.db.select().from(sessions).where(eq(sessions.userId, owner.id))).map((row) => row.tokenHash),
    ).toEqual(["used-session"]);
    expect((await t.handle.db.select().from(submissionKeys)).map((row) => row.key)).toEqual(["k:new"]);
  });

  it("access log: 2 years; data exports: 7 days from when the archive was ready", async () => {
    const owner = await client();
    await t.handle.db.insert(accessLog).values([
      { action: "document-view", subjectUserId: owner.id, createdAt: past("access-log") },
      { action: "document-view", subjectUserId: owner.id, createdAt: within("access-log") },
    ]);
    expect(await RETENTION_JOBS["access-log"](NOW)).toBe(1);
    expect(await t.handle.db.select().from(accessLog).where(eq(accessLog.subjectUserId, owner.id))).toHaveLength(1);
    const archive = Buffer.from("PK\u0003\u0004 zip");
    const rows = await t.handle.db
      .insert(dataExports)
      .values([
        {
          userId: owner.id,
          status: "ready",
          archive,
          readyAt: past("data-exports"),
          expiresAt: retentionCutoff("data-exports", NOW),
        },
        { userId: owner.id, status: "ready", archive, readyAt: within("data-exports"), expiresAt: NOW },
      ])
      .returning({ id: dataExports.id });
    expect(await RETENTION_JOBS["data-exports"](NOW)).toBe(1);
    expect(
      await ids(
        t.handle.db
          .select({ id: dataExports.id })
          .from(dataExports)
          .where(
            inArray(
              dataExports.id,
              rows.map((row) => row.id),
            ),
          ),
      ),
    ).toEqual([rows[1]!.id]);
  });

  it("every kind of the table has a job, and a run of all of them goes through", async () => {
    const failures: string[] = [];
    const done = await runRetentionJobs(NOW, (message) => failures.push(message));
    expect(failures).toEqual([]);
    expect(Object.keys(done).sort()).toEqual(RETENTION_RULES.map((rule) => rule.kind).sort());
  });
});
