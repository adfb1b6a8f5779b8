import { and, eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDocumentForViewer } from "../../app/orders/order-documents.server";
import { listAdminOrders, parseAdminOrderFilters } from "../../app/orders/order-lists.server";
import { adminOrderStats } from "../../app/orders/order-stats.server";
import { handleCasePost, MESSAGE_RATE_LIMITS } from "../../app/cases/case-action.server";
import { caseVersion, dashboardVersion } from "../../app/cases/live.server";
import { assignCase, loadThread, postMessage, resolveRequest } from "../../app/cases/messages.server";
import { addOfficeMinutes } from "../../app/cases/office-time";
import { startTurnaroundClock } from "../../app/cases/turnaround.server";
import { MANUAL_REFUND_FLAG, refundAcceptedCancellations, refundCancelledOrder } from "../../app/cases/refund.server";
import { requestRefund } from "../../app/payments/refunds.server";
import { changeUserRole } from "../../app/admin/users.server";
import { resetEnvForTests } from "../../app/env.server";
import { computeTotals, createOrder } from "../../app/orders/orders.server";
import type { UploadedFile } from "../../app/orders/uploads.server";
import { markPaidInTransaction } from "../../app/payments/payments.server";
import {
  orderDocuments,
  orderItems,
  orderMessages,
  orders,
  outbox,
  rateLimits,
  refunds,
  taxDocuments,
  users,
  type OrderStatus,
  type PaymentStatus,
} from "../../db/schema";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

// A case's conversation, requests, assignment and due times against a real database: who may read
// and write what (client, another client, staff assigned, staff not assigned, admin), what is
// stored for bad input, which e-mails are queued in which language.

const SITE = "http://localhost:3000";
const ARABIC = /[\u0600-\u06FF]/;
const PDF = Buffer.from("%PDF-1.4\n% case document\n%%EOF\n");
const pdfFile = (fileName = "passport.pdf"): UploadedFile => ({
  fileName,
  contentType: "application/pdf",
  sizeBytes: PDF.length,
  sha256: "0".repeat(64),
  data: PDF,
});

type Role = "client" | "staff" | "admin";

describe(`cases on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  const ids = { client: "", other: "", staffA: "", staffB: "", admin: "", arabicClient: "" };
  const viewer = (id: string, role: Role) => ({ id, role });

  async function user(email: string, role: Role, lang: "en" | "ar" = "en", fullName: string | null = null) {
    const [row] = await t.handle.db
      .insert(users)
      .values({ email, passwordHash: "x", role, lang, fullName })
      .returning({ id: users.id });
    return row!.id;
  }

  async function order(
    userId: string,
    values: {
      status?: OrderStatus;
      paymentStatus?: PaymentStatus;
      assigneeId?: string | null;
      lang?: "en" | "ar";
      dueAt?: Date | null;
    } = {},
  ) {
    const [row] = await t.handle.db
      .insert(orders)
      .values({
        userId,
        amount: 65_000,
        subtotal: 65_000,
        status: values.status ?? "pending",
        paymentStatus: values.paymentStatus ?? "paid",
        paidAmount: values.paymentStatus === "unpaid" ? null : 65_000,
        serviceType: "Travel Ban Check",
        tierName: "Basic",
        legalName: "Case Client",
        email: "case@example.com",
        lang: values.lang ?? "en",
        assigneeId: values.assigneeId ?? null,
        dueAt: values.dueAt === undefined ? new Date(Date.now() + 86_400_000) : values.dueAt,
      })
      .returning({ id: orders.id });
    await t.handle.db.insert(orderItems).values({
      orderId: row!.id,
      serviceKey: "travel-ban-check",
      tierId: "basic",
      tierName: "Basic",
      unitPrice: 65_000,
      quantity: 1,
      turnaroundValue: 7,
      turnaroundUnit: "business-days",
    });
    return row!.id;
  }

  const mails = (to: string) => t.handle.db.select().from(outbox).where(eq(outbox.toAddress, to));
  const messageCount = async (orderId: string) =>
    (await t.handle.db.select().from(orderMessages).where(eq(orderMessages.orderId, orderId))).length;

  beforeAll(async () => {
    process.env.SESSION_SECRET = "s".repeat(40);
    process.env.STAFF_EMAIL = "team@example.com";
    process.env.SITE_URL = SITE;
    delete process.env.SMTP_URL;
    resetEnvForTests();
    ids.client = await user("client@example.com", "client", "en", "Layla Client");
    ids.other = await user("other@example.com", "client");
    ids.staffA = await user("staff-a@example.com", "staff", "ar", "Staff A");
    ids.staffB = await user("staff-b@example.com", "staff", "en", "Staff B");
    ids.admin = await user("admin@example.com", "admin", "en", "Admin");
    ids.arabicClient = await user("arabic@example.com", "client", "ar", "نورة");
  });
  beforeEach(async () => {
    await t.handle.db.delete(outbox);
    await t.handle.db.delete(rateLimits);
  });

  describe("who may read and write a thread", () => {
    it("the client, staff assigned, staff on the queue and admins may; another client and other staff may not (404)", async () => {
      const mine = await order(ids.client, { assigneeId: ids.staffA });
      const post = (who: { id: string; role: Role }, side: "client" | "staff", body: string) =>
        postMessage({ orderId: mine, viewer: who, side, kind: "message", body });
      expect(await post(viewer(ids.client, "client"), "client", "From the client")).toMatchObject({ ok: true });
      expect(await post(viewer(ids.other, "client"), "client", "Not my order")).toEqual({
        ok: false,
        error: "not-found",
      });
      // A client posing as staff, or staff posing as the client: refused the same way.
      expect(await post(viewer(ids.client, "client"), "staff", "Am I staff?")).toEqual({
        ok: false,
        error: "not-found",
      });
      expect(await post(viewer(ids.staffA, "staff"), "client", "Am I the client?")).toEqual({
        ok: false,
        error: "not-found",
      });
      expect(await post(viewer(ids.staffA, "staff"), "staff", "From the assignee")).toMatchObject({ ok: true });
      expect(await post(viewer(ids.staffB, "staff"), "staff", "Someone else's case")).toEqual({
        ok: false,
        error: "not-found",
      });
      expect(await post(viewer(ids.admin, "admin"), "staff", "From an admin")).toMatchObject({ ok: true });
      expect(await messageCount(mine)).toBe(3);

      const queue = await order(ids.client);
      expect(
        await postMessage({
          orderId: queue,
          viewer: viewer(ids.staffB, "staff"),
          side: "staff",
          kind: "message",
          body: "From the queue",
        }),
      ).toMatchObject({ ok: true });
      // An order that does not exist, or an id that is not one.
      expect(
        await postMessage({
          orderId: crypto.randomUUID(),
          viewer: viewer(ids.admin, "admin"),
          side: "staff",
          kind: "message",
          body: "x",
        }),
      ).toEqual({ ok: false, error: "not-found" });
      expect(
        await postMessage({
          orderId: "not-a-uuid",
          viewer: viewer(ids.admin, "admin"),
          side: "staff",
          kind: "message",
          body: "x",
        }),
      ).toEqual({ ok: false, error: "not-found" });
    });

    it("internal notes and their documents are never shown to the client; documents of another client's order are not theirs", async () => {
      const id = await order(ids.client, { assigneeId: ids.staffA });
      const sent = await postMessage({
        orderId: id,
        viewer: viewer(ids.client, "client"),
        side: "client",
        kind: "message",
        body: "My passport",
        files: [pdfFile()],
      });
      const note = await postMessage({
        orderId: id,
        viewer: viewer(ids.staffA, "staff"),
        side: "staff",
        kind: "note",
        body: "Passport looks expired",
        files: [pdfFile("check.pdf")],
      });
      expect(sent.ok && note.ok).toBe(true);
      const [clientDoc] = await t.handle.db
        .select()
        .from(orderDocuments)
        .where(and(eq(orderDocuments.orderId, id), eq(orderDocuments.fileName, "passport.pdf")));
      const [noteDoc] = await t.handle.db
        .select()
        .from(orderDocuments)
        .where(and(eq(orderDocuments.orderId, id), eq(orderDocuments.fileName, "check.pdf")));
      expect(clientDoc!.kind).toBe("upload");
      expect(noteDoc!.kind).toBe("attachment");

      const clientThread = await loadThread(id, "client");
      expect(clientThread.messages.map((m) => m.body)).toEqual(["My passport"]);
      const staffThread = await loadThread(id, "staff");
      expect(staffThread.messages.map((m) => m.kind)).toEqual(["message", "note"]);
      expect(staffThread.messages[1]!.documents.map((d) => d.fileName)).toEqual(["check.pdf"]);

      const read = async (docId: string, who: { id: string; role: Role }) =>
        (await getDocumentForViewer(docId, who))?.id ?? null;
      expect(await read(clientDoc!.id, viewer(ids.client, "client"))).toBe(clientDoc!.id);
      expect(await read(noteDoc!.id, viewer(ids.client, "client"))).toBeNull();
      expect(await read(clientDoc!.id, viewer(ids.other, "client"))).toBeNull();
      expect(await read(noteDoc!.id, viewer(ids.staffA, "staff"))).toBe(noteDoc!.id);
      expect(await read(clientDoc!.id, viewer(ids.staffB, "staff"))).toBeNull();
      expect(await read(noteDoc!.id, viewer(ids.admin, "admin"))).toBe(noteDoc!.id);
    });

    it("staff see their cases and the queue in the list, never another member's; admins see all", async () => {
      const mineA = await order(ids.other, { assigneeId: ids.staffA });
      const mineB = await order(ids.other, { assigneeId: ids.staffB });
      const queue = await order(ids.other);
      const listed = async (who: { id: string; role: Role }, query: Record<string, string> = {}) =>
        (await listAdminOrders(parseAdminOrderFilters(new URLSearchParams({ q: "", ...query })), who, 500)).rows.map(
          (row) => row.id,
        );
      const seenByA = await listed(viewer(ids.staffA, "staff"));
      expect(seenByA).toContain(mineA);
      expect(seenByA).toContain(queue);
      expect(seenByA).not.toContain(mineB);
      expect(await listed(viewer(ids.staffA, "staff"), { view: "mine" })).not.toContain(queue);
      expect(await listed(viewer(ids.staffA, "staff"), { view: "mine" })).toContain(mineA);
      expect(await listed(viewer(ids.staffA, "staff"), { view: "unassigned" })).not.toContain(mineA);
      expect(await listed(viewer(ids.admin, "admin"))).toEqual(expect.arrayContaining([mineA, mineB, queue]));
    });
  });

  describe("bad input and edge cases", () => {
    it("ignores empty and whitespace messages, refuses over 5,000 characters, stores markup as typed", async () => {
      const id = await order(ids.client);
      const client = viewer(ids.client, "client");
      expect(await postMessage({ orderId: id, viewer: client, side: "client", kind: "message", body: "" })).toEqual({
        ok: false,
        error: "empty",
      });
      expect(
        await postMessage({ orderId: id, viewer: client, side: "client", kind: "message", body: " \n\t \u200b " }),
      ).toEqual({ ok: false, error: "empty" });
      expect(
        await postMessage({ orderId: id, viewer: client, side: "client", kind: "message", body: "x".repeat(5001) }),
      ).toEqual({ ok: false, error: "too-long", length: 5001 });
      expect(
        await postMessage({ orderId: id, viewer: client, side: "client", kind: "message", body: "x".repeat(5000) }),
      ).toMatchObject({ ok: true });
      const markup = '<script>alert("x")</script><b onclick="x()">bold</b>';
      expect(
        await postMessage({ orderId: id, viewer: client, side: "client", kind: "message", body: markup }),
      ).toMatchObject({ ok: true });
      // Only a document, no text: a message too.
      expect(
        await postMessage({
          orderId: id,
          viewer: client,
          side: "client",
          kind: "message",
          body: "",
          files: [pdfFile()],
        }),
      ).toMatchObject({ ok: true });
      const bodies = (await loadThread(id, "client")).messages.map((m) => m.body);
      expect(bodies).toContain(markup);
      expect(bodies).toHaveLength(3);
      // Kinds a side may not send.
      expect(await postMessage({ orderId: id, viewer: client, side: "client", kind: "note", body: "x" })).toEqual({
        ok: false,
        error: "not-allowed",
      });
      expect(
        await postMessage({
          orderId: id,
          viewer: viewer(ids.admin, "admin"),
          side: "staff",
          kind: "cancellation-request",
          body: "x",
        }),
      ).toEqual({ ok: false, error: "not-allowed" });
    });

    it("stores a message posted twice (double click, retry, or both at once) once", async () => {
      const id = await order(ids.client);
      const submissionId = crypto.randomUUID();
      const send = () =>
        postMessage({
          orderId: id,
          viewer: viewer(ids.client, "client"),
          side: "client",
          kind: "message",
          body: "Only once",
          submissionId,
          files: [pdfFile()],
        });
      const first = await send();
      const again = await send();
      const racing = await Promise.all([send(), send(), send()]);
      expect(first).toMatchObject({ ok: true, duplicate: false });
      for (const result of [again, ...racing])
        expect(result).toMatchObject({ ok: true, duplicate: true, messageId: first.ok ? first.messageId : "" });
      expect(await messageCount(id)).toBe(1);
      expect(await t.handle.db.select().from(orderDocuments).where(eq(orderDocuments.orderId, id))).toHaveLength(1);
      // One e-mail to staff, not one per attempt.
      expect((await mails("team@example.com")).filter((m) => m.kind === "staff-case-message")).toHaveLength(1);
    });

    it("a completed or cancelled case is read-only for the client, not for staff", async () => {
      for (const status of ["completed", "cancelled"] as const) {
        const id = await order(ids.client, { status });
        expect(
          await postMessage({
            orderId: id,
            viewer: viewer(ids.client, "client"),
            side: "client",
            kind: "message",
            body: "Hello?",
          }),
        ).toEqual({ ok: false, error: "closed" });
        expect(
          await postMessage({
            orderId: id,
            viewer: viewer(ids.admin, "admin"),
            side: "staff",
            kind: "message",
            body: "A follow-up",
          }),
        ).toMatchObject({ ok: true });
      }
    });

    it("limits how many messages one client sends in a window", async () => {
      const id = await order(ids.client);
      const post = (i: number) =>
        handleCasePost({
          request: new Request(`${SITE}/dashboard/orders/${id}`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ intent: "message", kind: "message", body: `Message ${i}` }),
          }),
          viewer: viewer(ids.client, "client"),
          orderId: id,
          side: "client",
          lang: "en",
          orderStatus: "pending",
        });
      const outcomes = [];
      for (let i = 0; i <= MESSAGE_RATE_LIMITS.client.limit; i++) outcomes.push(await post(i));
      expect(outcomes.slice(0, -1).every((o) => o.kind === "done")).toBe(true);
      expect(outcomes.at(-1)).toMatchObject({ kind: "refused", status: 429 });
      expect(await messageCount(id)).toBe(MESSAGE_RATE_LIMITS.client.limit);
    });
  });

  describe("requests", () => {
    it("more time: asked once while open, accepted by staff, moves the due time by the business days asked", async () => {
      const due = new Date("2026-12-03T13:00:00Z"); // Thursday 17:00 Gulf time
      const id = await order(ids.client, { assigneeId: ids.staffA, dueAt: due });
      const ask = () =>
        postMessage({
          orderId: id,
          viewer: viewer(ids.client, "client"),
          side: "client",
          kind: "extension-request",
          body: "Waiting for my employer's letter",
          extensionDays: 2,
        });
      const asked = await ask();
      expect(asked).toMatchObject({ ok: true, kind: "extension-request" });
      expect(await ask()).toEqual({ ok: false, error: "request-open" });
      expect(
        await postMessage({
          orderId: id,
          viewer: viewer(ids.client, "client"),
          side: "client",
          kind: "extension-request",
          body: "",
          extensionDays: 99,
        }),
      ).toEqual({ ok: false, error: "days" });
      // The assignee is told, in their language (Arabic).
      const staffMail = (await mails("staff-a@example.com")).find((m) => m.kind === "staff-case-request");
      expect(staffMail?.subject).toMatch(ARABIC);

      const requestId = asked.ok ? asked.messageId : "";
      expect(
        await resolveRequest({ orderId: id, requestId, decision: "accept", viewer: viewer(ids.staffB, "staff") }),
      ).toEqual({ ok: false, error: "not-found" });
      expect(
        await resolveRequest({
          orderId: id,
          requestId,
          decision: "accept",
          viewer: viewer(ids.staffA, "staff"),
          reply: "Of course.",
        }),
      ).toMatchObject({ ok: true, decision: "accept" });
      expect(
        await resolveRequest({ orderId: id, requestId, decision: "decline", viewer: viewer(ids.staffA, "staff") }),
      ).toEqual({ ok: false, error: "already-decided" });
      const [row] = await t.handle.db.select({ dueAt: orders.dueAt }).from(orders).where(eq(orders.id, id));
      // Thursday 17:00 + 2 business days: Monday 17:00 (Friday and Saturday do not count).
      expect(row!.dueAt).toEqual(new Date("2026-12-07T13:00:00Z"));
      const thread = await loadThread(id, "client");
      expect(thread.messages.map((m) => [m.kind, m.requestState])).toEqual([
        ["extension-request", "accepted"],
        ["request-accepted", null],
      ]);
      expect(thread.messages[1]!.body).toBe("Of course.");
      const clientMail = (await mails("client@example.com")).find((m) => m.kind === "case-request-accepted");
      expect(clientMail?.textBody).toContain("2 more business days");
      expect(clientMail?.textBody).toContain(`${SITE}/dashboard/orders/${id}`);
    });

    it("cancellation: only before work starts; staff may not decide it; an admin's acceptance of a paid order cancels it and refunds it through the payment provider", async () => {
      const started = await order(ids.client, { status: "processing" });
      expect(
        await postMessage({
          orderId: started,
          viewer: viewer(ids.client, "client"),
          side: "client",
          kind: "cancellation-request",
          body: "",
        }),
      ).toEqual({ ok: false, error: "started" });

      const id = await order(ids.arabicClient, { assigneeId: ids.staffA, lang: "ar" });
      // Two requests racing: one is stored.
      const racing = await Promise.all(
        [1, 2, 3].map(() =>
          postMessage({
            orderId: id,
            viewer: viewer(ids.arabicClient, "client"),
            side: "client",
            kind: "cancellation-request",
            body: "غيرت رأيي",
          }),
        ),
      );
      expect(racing.filter((r) => r.ok)).toHaveLength(1);
      const requestId = (racing.find((r) => r.ok) as { messageId: string }).messageId;
      expect(
        await resolveRequest({ orderId: id, requestId, decision: "accept", viewer: viewer(ids.staffA, "staff") }),
      ).toEqual({ ok: false, error: "admin-only" });
      // The built-in test provider refunds at once (outside production).
      expect(
        await resolveRequest({ orderId: id, requestId, decision: "accept", viewer: viewer(ids.admin, "admin") }),
      ).toMatchObject({ ok: true, refund: { kind: "refund", status: "succeeded", amount: 65_000 } });
      const [row] = await t.handle.db.select().from(orders).where(eq(orders.id, id));
      expect(row!.status).toBe("cancelled");
      expect(row!.paymentStatus).toBe("refunded");
      expect(row!.paymentFlag).toBeNull();
      const recorded = await t.handle.db.select().from(refunds).where(eq(refunds.orderId, id));
      expect(recorded.map((r) => [r.amount, r.status, r.requestKey])).toEqual([[65_000, "succeeded", requestId]]);
      // The client hears in Arabic that it is cancelled and refunded (not the generic "cancelled" mail).
      const clientMails = await mails("arabic@example.com");
      const accepted = clientMails.find((m) => m.kind === "case-request-accepted");
      expect(clientMails.map((m) => m.kind)).not.toContain("order-cancelled");
      expect(accepted?.subject).toMatch(ARABIC);
      expect(accepted?.textBody).toMatch(/650/);
      expect(accepted?.textBody).toContain(`${SITE}/ar/dashboard/orders/${id}`);
    });

    it("an accepted cancellation the payment provider cannot refund is recorded for a manual refund", async () => {
      const id = await order(ids.client);
      // Paid through Stripe, which is not configured here: nothing can refund it automatically.
      await t.handle.db.update(orders).set({ paymentProvider: "stripe" }).where(eq(orders.id, id));
      const asked = await postMessage({
        orderId: id,
        viewer: viewer(ids.client, "client"),
        side: "client",
        kind: "cancellation-request",
        body: "",
      });
      const requestId = asked.ok ? asked.messageId : "";
      expect(
        await resolveRequest({ orderId: id, requestId, decision: "accept", viewer: viewer(ids.admin, "admin") }),
      ).toMatchObject({ ok: true, refund: { kind: "manual", amount: 65_000 } });
      const [row] = await t.handle.db.select().from(orders).where(eq(orders.id, id));
      expect(row!.status).toBe("cancelled");
      expect(row!.paymentFlag).toBe(MANUAL_REFUND_FLAG);
      expect((await mails("team@example.com")).find((m) => m.kind === "staff-refund-due")?.subject).toContain(
        "AED 650",
      );
      // Asked again (the job, a retry): still one flag, one history entry, one mail.
      expect(await refundCancelledOrder({ orderId: id, requestId, actorId: ids.admin })).toEqual({
        kind: "manual",
        amount: 65_000,
      });
      expect((await mails("team@example.com")).filter((m) => m.kind === "staff-refund-due")).toHaveLength(1);

      // The admin returns the money by bank transfer and records it: the books, the credit note and the client follow, the flag goes.
      expect(
        await requestRefund({
          orderId: id,
          amount: "650",
          reason: "Returned by bank transfer",
          requestKey: crypto.randomUUID(),
          actorId: ids.admin,
        }),
      ).toEqual({ ok: false, error: "unavailable" });
      const recorded = await requestRefund({
        orderId: id,
        amount: "650",
        reason: "Returned by bank transfer",
        requestKey: crypto.randomUUID(),
        actorId: ids.admin,
        manual: true,
      });
      expect(recorded).toMatchObject({ ok: true, refund: { provider: "manual", status: "succeeded", amount: 65_000 } });
      const [settled] = await t.handle.db.select().from(orders).where(eq(orders.id, id));
      expect(settled!.paymentStatus).toBe("refunded");
      expect(settled!.paymentFlag).toBeNull();
      expect(
        await t.handle.db
          .select()
          .from(taxDocuments)
          .where(and(eq(taxDocuments.orderId, id), eq(taxDocuments.kind, "credit_note"))),
      ).toHaveLength(1);
      const refundMail = (await mails("case@example.com")).find((m) => m.kind === "refund");
      expect(refundMail?.textBody).toContain("rather than to the card you paid with");
      // Nothing is left for the job to ask for.
      expect(await refundAcceptedCancellations({ minAgeMs: 0 })).toBe(0);
    });

    it("an accepted cancellation whose refund was never asked for (the process stopped after the commit) is refunded by the job, once", async () => {
      const id = await order(ids.client, { status: "cancelled" });
      const resolvedAt = new Date(Date.now() - 5 * 60_000);
      const [request] = await t.handle.db
        .insert(orderMessages)
        .values({
          orderId: id,
          authorId: ids.client,
          side: "client",
          kind: "cancellation-request",
          requestState: "accepted",
          resolvedBy: ids.admin,
          resolvedAt,
        })
        .returning({ id: orderMessages.id });
      // Decided long ago, or just now (its own request may still be asking): left alone.
      const old = await order(ids.client, { status: "cancelled" });
      await t.handle.db.insert(orderMessages).values({
        orderId: old,
        authorId: ids.client,
        side: "client",
        kind: "cancellation-request",
        requestState: "accepted",
        resolvedBy: ids.admin,
        resolvedAt: new Date(Date.now() - 8 * 86_400_000),
      });
      const fresh = await order(ids.client, { status: "cancelled" });
      await t.handle.db.insert(orderMessages).values({
        orderId: fresh,
        authorId: ids.client,
        side: "client",
        kind: "cancellation-request",
        requestState: "accepted",
        resolvedBy: ids.admin,
        resolvedAt: new Date(),
      });

      expect(await refundAcceptedCancellations()).toBe(1);
      const rows = await t.handle.db
        .select()
        .from(refunds)
        .where(inArray(refunds.orderId, [id, old, fresh]));
      expect(rows.map((r) => [r.orderId, r.amount, r.status, r.requestKey, r.actorId])).toEqual([
        [id, 65_000, "succeeded", request!.id, ids.admin],
      ]);
      expect(
        (await t.handle.db.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, id)))[0]!
          .paymentStatus,
      ).toBe("refunded");
      // Run again, or together with a late answer of the action itself: nothing more.
      expect(await refundAcceptedCancellations()).toBe(0);
      expect(await refundCancelledOrder({ orderId: id, requestId: request!.id, actorId: ids.admin })).toEqual({
        kind: "none",
      });
      expect(await t.handle.db.select().from(refunds).where(eq(refunds.orderId, id))).toHaveLength(1);
    });

    it("a request left open on a case that is then completed can only be declined", async () => {
      const id = await order(ids.client);
      const asked = await postMessage({
        orderId: id,
        viewer: viewer(ids.client, "client"),
        side: "client",
        kind: "cancellation-request",
        body: "",
      });
      await t.handle.db.update(orders).set({ status: "completed" }).where(eq(orders.id, id));
      const requestId = asked.ok ? asked.messageId : "";
      expect(
        await resolveRequest({ orderId: id, requestId, decision: "accept", viewer: viewer(ids.admin, "admin") }),
      ).toEqual({ ok: false, error: "case-closed" });
      expect(
        await resolveRequest({ orderId: id, requestId, decision: "decline", viewer: viewer(ids.admin, "admin") }),
      ).toMatchObject({ ok: true, decision: "decline" });
      expect(
        (await t.handle.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status,
      ).toBe("completed");
    });
  });

  describe("assignment", () => {
    it("admins assign anyone who works cases; staff take from the queue and give their own back", async () => {
      const id = await order(ids.other);
      expect(await assignCase({ orderId: id, assigneeId: ids.other, viewer: viewer(ids.admin, "admin") })).toEqual({
        ok: false,
        error: "invalid-assignee",
      });
      expect(await assignCase({ orderId: id, assigneeId: ids.staffB, viewer: viewer(ids.staffA, "staff") })).toEqual({
        ok: false,
        error: "invalid-assignee",
      });
      expect(await assignCase({ orderId: id, assigneeId: ids.staffA, viewer: viewer(ids.staffA, "staff") })).toEqual({
        ok: true,
        changed: true,
        assigneeId: ids.staffA,
      });
      // Now it is A's: B can neither see nor take it.
      expect(await assignCase({ orderId: id, assigneeId: ids.staffB, viewer: viewer(ids.staffB, "staff") })).toEqual({
        ok: false,
        error: "not-found",
      });
      expect(await assignCase({ orderId: id, assigneeId: null, viewer: viewer(ids.staffA, "staff") })).toEqual({
        ok: true,
        changed: true,
        assigneeId: null,
      });
      expect(await assignCase({ orderId: id, assigneeId: ids.staffB, viewer: viewer(ids.admin, "admin") })).toEqual({
        ok: true,
        changed: true,
        assigneeId: ids.staffB,
      });
      // B is told, in English (their language), with a link to the case.
      const mail = (await mails("staff-b@example.com")).find((m) => m.kind === "staff-case-assigned");
      expect(mail?.subject).toContain("is assigned to you");
      expect(mail?.textBody).toContain(`${SITE}/admin/orders/${id}`);
      // Made a client, B no longer works cases: theirs go back to the queue.
      const demoted = await user(`demoted-${Date.now()}@example.com`, "staff");
      const theirs = await order(ids.other, { assigneeId: demoted });
      expect(await changeUserRole({ userId: demoted, role: "client", actorId: ids.admin })).toEqual({ ok: true });
      expect(
        (await t.handle.db.select({ assigneeId: orders.assigneeId }).from(orders).where(eq(orders.id, theirs)))[0]!
          .assigneeId,
      ).toBeNull();
    });
  });

  describe("notifications", () => {
    it("the client is mailed in the order's language when the team writes or asks, staff when the client writes; never the text or the documents", async () => {
      const id = await order(ids.arabicClient, { lang: "ar" });
      const secret = "The court reference is 12345/2026";
      await postMessage({
        orderId: id,
        viewer: viewer(ids.admin, "admin"),
        side: "staff",
        kind: "information-request",
        body: secret,
        files: [pdfFile("form.pdf")],
      });
      await postMessage({
        orderId: id,
        viewer: viewer(ids.admin, "admin"),
        side: "staff",
        kind: "note",
        body: "internal",
      });
      const clientMails = await mails("arabic@example.com");
      expect(clientMails.map((m) => m.kind)).toEqual(["case-information-request"]);
      expect(clientMails[0]!.subject).toMatch(ARABIC);
      expect(clientMails[0]!.htmlBody).toContain('<html lang="ar" dir="rtl">');
      expect(clientMails[0]!.textBody).toContain(`${SITE}/ar/dashboard/orders/${id}`);
      for (const mail of clientMails) {
        expect(mail.textBody).not.toContain(secret);
        expect(mail.htmlBody).not.toContain(secret);
        expect(mail.textBody).not.toContain("%PDF");
      }
      // Unassigned: the client's reply goes to the shared staff address, in English.
      await postMessage({
        orderId: id,
        viewer: viewer(ids.arabicClient, "client"),
        side: "client",
        kind: "message",
        body: "Here it is",
        files: [pdfFile("form.pdf")],
      });
      const staffMails = await mails("team@example.com");
      expect(staffMails.map((m) => m.kind)).toEqual(["staff-case-message"]);
      expect(staffMails[0]!.subject).not.toMatch(ARABIC);
      expect(staffMails[0]!.textBody).toContain(`${SITE}/admin/orders/${id}`);
      expect(staffMails[0]!.textBody).not.toContain("Here it is");
    });
  });

  describe("turnaround and live versions", () => {
    it("a paid order is due when its slowest line's promise ends, in office time from the payment (property-tested)", async () => {
      const paidOrders: string[] = [];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(
            ["travel-ban", "basic"],
            ["labor-ban", "express"],
            ["express", "same-day-travel"],
            ["company-formation", "mainland"],
            ["travel-ban-quick", "quick-check"],
          ),
          fc.date({
            min: new Date("2026-01-01T00:00:00Z"),
            max: new Date("2027-12-31T00:00:00Z"),
            noInvalidDate: true,
          }),
          async ([list, tier], paidAt) => {
            const totals = await computeTotals([{ serviceType: list!, tierId: tier!, quantity: 1 }], undefined, "en");
            const created = await createOrder({
              userId: ids.client,
              lang: "en",
              details: { legalName: "Due Client", email: "due@example.com", phone: "+971501234567" },
              totals,
              files: [],
            });
            paidOrders.push(created.id);
            const [line] = await t.handle.db.select().from(orderItems).where(eq(orderItems.orderId, created.id));
            expect(line!.turnaroundValue).toBe(totals.lines[0]!.turnaround.value);
            const minutes =
              { minutes: 1, hours: 60, "business-days": 540 }[line!.turnaroundUnit!] * line!.turnaroundValue!;
            await t.handle.db.transaction((tx) => startTurnaroundClock(tx, created.id, paidAt));
            const [row] = await t.handle.db
              .select({ dueAt: orders.dueAt })
              .from(orders)
              .where(eq(orders.id, created.id));
            expect(row!.dueAt!.getTime()).toBe(addOfficeMinutes(paidAt, minutes).getTime());
          },
        ),
        { numRuns: 15 },
      );
      // Paying starts the clock: the due time counts from the moment the order was marked paid.
      const totals = await computeTotals(
        [{ serviceType: "labor-ban", tierId: "express", quantity: 1 }],
        undefined,
        "en",
      );
      const paid = await createOrder({
        userId: ids.client,
        lang: "en",
        details: { legalName: "Due Client", email: "due@example.com", phone: "+971501234567" },
        totals,
        files: [],
      });
      expect(
        await t.handle.db.transaction((tx) =>
          markPaidInTransaction(tx, {
            orderId: paid.id,
            provider: "test",
            sessionId: null,
            amountTotal: paid.amount,
            currency: "aed",
          }),
        ),
      ).toBe("paid");
      const [paidRow] = await t.handle.db
        .select({ dueAt: orders.dueAt, paidAt: orders.paidAt })
        .from(orders)
        .where(eq(orders.id, paid.id));
      expect(paidRow!.dueAt!.getTime()).toBe(addOfficeMinutes(paidRow!.paidAt!, 540).getTime());
      // Orders still open past their due time count as overdue and are filtered.
      const [late] = await t.handle.db
        .update(orders)
        .set({ dueAt: new Date(Date.now() - 60_000) })
        .where(eq(orders.id, paidOrders[0]!))
        .returning({ id: orders.id });
      const overdue = (
        await listAdminOrders(
          parseAdminOrderFilters(new URLSearchParams({ due: "overdue" })),
          viewer(ids.admin, "admin"),
          500,
        )
      ).rows.map((r) => r.id);
      expect(overdue).toContain(late!.id);
      expect(overdue).not.toContain(paid.id);
      expect((await adminOrderStats(viewer(ids.admin, "admin"))).overdue).toBeGreaterThanOrEqual(1);
    });

    it("a client's page version changes when the team writes, not when staff add a note", async () => {
      const id = await order(ids.client);
      const clientBefore = await caseVersion(id, "client");
      const staffBefore = await caseVersion(id, "staff");
      const dashboardBefore = await dashboardVersion(ids.client);
      await postMessage({
        orderId: id,
        viewer: viewer(ids.admin, "admin"),
        side: "staff",
        kind: "note",
        body: "internal",
      });
      expect(await caseVersion(id, "client")).toBe(clientBefore);
      expect(await caseVersion(id, "staff")).not.toBe(staffBefore);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await postMessage({
        orderId: id,
        viewer: viewer(ids.admin, "admin"),
        side: "staff",
        kind: "message",
        body: "Hello",
      });
      expect(await caseVersion(id, "client")).not.toBe(clientBefore);
      expect(await dashboardVersion(ids.client)).not.toBe(dashboardBefore);
    });
  });
});
