import { eq, sql } from "drizzle-orm";
import { dashboardVersion, dashboardVersionOf } from "../../app/cases/live.server";
import { beforeAll, describe, expect, it } from "vitest";
import {
  orderDocuments,
  orderEvents,
  orders,
  outbox,
  users,
  type OrderStatus,
  type PaymentStatus,
} from "../../db/schema";
import { useDatabaseForTests } from "../../app/db.server";
import { openDatabase } from "../../db/client";
import { getAdminOrder, getClientOrder } from "../../app/orders/order-details.server";
import { attachReport, getDocumentForViewer, getLatestReport } from "../../app/orders/order-documents.server";
import { ordersCsv, ordersCsvResponse } from "../../app/orders/order-export.server";
import { listAdminOrders, listClientOrders, parseAdminOrderFilters } from "../../app/orders/order-lists.server";
import { adminOrderStats, clientOrderStats } from "../../app/orders/order-stats.server";
import { changeOrderStatus, saveInternalNote } from "../../app/orders/order-status.server";
import { csvCell, CSV_FAILED_LINE } from "../../app/utils/csv.server";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

/** Minimal RFC 4180 parser, so the test reads the CSV the way a spreadsheet does. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

describe(`order queries on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  let alice: string;
  let bob: string;
  let admin: string;
  const aliceOrders: Record<string, string> = {};

  async function insertUser(email: string, fullName: string | null, role: "client" | "admin" = "client") {
    const [row] = await t.handle.db
      .insert(users)
      .values({ email, passwordHash: "x", fullName, role })
      .returning({ id: users.id });
    return row!.id;
  }

  async function insertOrder(
    userId: string,
    values: {
      status?: OrderStatus;
      paymentStatus?: PaymentStatus;
      amount?: number;
      serviceType?: string;
      tierName?: string;
      legalName?: string;
      email?: string;
      minutesAgo?: number;
      lang?: "en" | "ar";
    },
  ) {
    const [row] = await t.handle.db
      .insert(orders)
      .values({
        userId,
        amount: values.amount ?? 50_000,
        subtotal: values.amount ?? 50_000,
        status: values.status ?? "pending",
        paymentStatus: values.paymentStatus ?? "unpaid",
        // As refunds leave them: a refunded order's refunded amount is what was paid.
        refundedAmount: values.paymentStatus === "refunded" ? (values.amount ?? 50_000) : 0,
        serviceType: values.serviceType ?? "Travel Ban Check",
        tierName: values.tierName ?? "Standard",
        legalName: values.legalName ?? null,
        email: values.email ?? null,
        lang: values.lang ?? "en",
        createdAt: new Date(Date.now() - (values.minutesAgo ?? 0) * 60_000),
      })
      .returning({ id: orders.id });
    return row!.id;
  }

  beforeAll(async () => {
    alice = await insertUser("alice@example.com", "Alice Client");
    bob = await insertUser("bob@example.com", null);
    admin = await insertUser("staff@example.com", "Staff Member", "admin");
    aliceOrders.completedPaid = await insertOrder(alice, {
      status: "completed",
      paymentStatus: "paid",
      amount: 125_000,
      serviceType: "Background Check",
      tierName: "Comprehensive",
      legalName: "Alice Al-Mansouri",
      email: "alice@example.com",
      minutesAgo: 30,
    });
    aliceOrders.processingPaid = await insertOrder(alice, {
      status: "processing",
      paymentStatus: "paid",
      amount: 85_050,
      legalName: "Alice Al-Mansouri",
      email: "alice@example.com",
      minutesAgo: 20,
    });
    aliceOrders.pendingUnpaid = await insertOrder(alice, {
      status: "pending",
      paymentStatus: "unpaid",
      amount: 120_000,
      serviceType: "Contract Review",
      tierName: "Basic",
      legalName: '=HYPERLINK("http://evil")',
      email: "alice@example.com",
      minutesAgo: 10,
    });
    await insertOrder(bob, {
      status: "pending",
      paymentStatus: "paid",
      amount: 40_000,
      serviceType: "Labor Ban Check",
      tierName: "Basic",
      legalName: 'Bob, "The" Builder',
      email: "bob.orders@example.com",
      minutesAgo: 5,
      lang: "ar",
    });
    await insertOrder(bob, {
      status: "cancelled",
      paymentStatus: "refunded",
      amount: 99_900,
      serviceType: "Company Formation",
      tierName: "Premium",
      minutesAgo: 1,
    });
  });

  it("computes a client's figures: paid orders only in Total Spent", async () => {
    expect(await clientOrderStats(alice)).toMatchObject({
      totalOrders: 3,
      completed: 1,
      pending: 1,
      totalSpent: 125_000 + 85_050,
    });
    expect(await clientOrderStats(bob)).toMatchObject({ totalOrders: 2, completed: 0, pending: 1, totalSpent: 40_000 });
    expect(await clientOrderStats(admin)).toEqual({
      totalOrders: 0,
      completed: 0,
      pending: 0,
      totalSpent: 0,
      lastUpdated: null,
    });
    // The dashboard's live version is made from the same figures as the live endpoint's own read.
    const figures = await clientOrderStats(alice);
    expect(dashboardVersionOf(figures.totalOrders, figures.lastUpdated)).toBe(await dashboardVersion(alice));
    expect(figures.lastUpdated).not.toBeNull();
  });

  it("computes the admin figures over every order", async () => {
    expect(await adminOrderStats()).toMatchObject({
      totalOrders: 5,
      pending: 2,
      completed: 1,
      totalRevenue: 125_000 + 85_050 + 40_000,
      overdue: 0,
      overdueExact: true,
    });
  });

  it("lists only the client's own orders, newest first, paginated", async () => {
    const first = await listClientOrders(alice, { page: 1, pageSize: 2 });
    expect(first.total).toBe(3);
    expect(first.pageCount).toBe(2);
    expect(first.rows.map((r) => r.id)).toEqual([aliceOrders.pendingUnpaid, aliceOrders.processingPaid]);
    const second = await listClientOrders(alice, { page: "2", pageSize: 2 });
    expect(second.rows.map((r) => r.id)).toEqual([aliceOrders.completedPaid]);
    // A nonsense page number falls back to the first page rather than failing.
    expect((await listClientOrders(alice, { page: "abc" })).page).toBe(1);
    expect((await listClientOrders(bob)).rows.every((r) => r.serviceType !== "Background Check")).toBe(true);
  });

  it("searches the admin list by id prefix, name, e-mail, service and tier, case-insensitively", async () => {
    const search = async (q: string, status = "") =>
      (await listAdminOrders(parseAdminOrderFilters(new URLSearchParams({ q, status })))).rows;
    expect((await search(aliceOrders.completedPaid!.slice(0, 8))).map((r) => r.id)).toEqual([
      aliceOrders.completedPaid,
    ]);
    expect((await search(aliceOrders.completedPaid!.slice(0, 8).toUpperCase())).map((r) => r.id)).toEqual([
      aliceOrders.completedPaid,
    ]);
    expect(await search("ALICE@EXAMPLE.COM")).toHaveLength(3);
    expect((await search("bob.orders@")).map((r) => r.customerName)).toEqual(['Bob, "The" Builder']);
    expect(await search("background check")).toHaveLength(1);
    expect(await search("premium")).toHaveLength(1);
    expect(await search("al-mansouri")).toHaveLength(2);
    // LIKE wildcards are matched literally, and quotes cannot break out of the parameter.
    expect(await search("%")).toHaveLength(0);
    expect(await search("_")).toHaveLength(0);
    expect(await search("' or 1=1 --")).toHaveLength(0);
    expect(await search("nobody-matches-this")).toHaveLength(0);
  });

  it("filters the admin list by status, with search, and paginates", async () => {
    const list = (params: Record<string, string>) =>
      listAdminOrders(parseAdminOrderFilters(new URLSearchParams(params)), undefined, 2);
    expect((await list({ status: "pending" })).rows.map((r) => r.status)).toEqual(["pending", "pending"]);
    expect((await list({ status: "pending", q: "contract" })).rows).toHaveLength(1);
    expect((await list({ status: "cancelled" })).rows[0]!.customerName).toBe("bob@example.com");
    // Keyset pages: next and previous links carry signed cursors; counts come from the kept figures.
    const first = await list({ status: "whatever" });
    expect(first.total).toEqual({ count: 5, exact: true });
    expect(first.previous).toBeNull();
    const second = await list({ after: first.next! });
    const third = await list({ after: second.next! });
    expect(third.rows).toHaveLength(1);
    expect(third.next).toBeNull();
    expect(new Set([...first.rows, ...second.rows, ...third.rows].map((r) => r.id)).size).toBe(5);
    expect((await list({ before: third.previous! })).rows.map((r) => r.id)).toEqual(second.rows.map((r) => r.id));
    // A cursor made for another filter, or altered, opens the first page.
    expect((await list({ status: "pending", after: first.next! })).rows.map((r) => r.id)).toEqual(
      (await list({ status: "pending" })).rows.map((r) => r.id),
    );
    expect((await list({ after: `${first.next!.slice(0, -2)}xx` })).rows.map((r) => r.id)).toEqual(
      first.rows.map((r) => r.id),
    );
    expect(parseAdminOrderFilters(new URLSearchParams({ status: "whatever" })).status).toBe("all");
    expect(parseAdminOrderFilters(new URLSearchParams({ q: "x".repeat(500) })).q).toHaveLength(100);
  });

  it("shows an order to its owner only, without staff fields", async () => {
    await saveInternalNote({ orderId: aliceOrders.processingPaid, note: "Called the client", actorId: admin });
    const own = await getClientOrder(aliceOrders.processingPaid!, alice);
    expect(own?.id).toBe(aliceOrders.processingPaid);
    expect(own).not.toHaveProperty("internalNote");
    expect(own?.history.some((e) => e.kind === "note")).toBe(false);
    expect(await getClientOrder(aliceOrders.processingPaid!, bob)).toBeNull();
    expect(await getClientOrder("not-a-uuid", alice)).toBeNull();
    expect(await getClientOrder("00000000-0000-4000-8000-000000000000", alice)).toBeNull();
    const staff = await getAdminOrder(aliceOrders.processingPaid!);
    expect(staff?.internalNote).toBe("Called the client");
    expect(staff?.customer.email).toBe("alice@example.com");
  });

  it("changes a status with a history row, and mails the client on completion and cancellation", async () => {
    const id = aliceOrders.pendingUnpaid!;
    const before = await t.handle.db.select().from(outbox);
    expect(await changeOrderStatus({ orderId: id, status: "processing", actorId: admin })).toEqual({
      ok: true,
      changed: true,
      from: "pending",
      to: "processing",
    });
    expect((await t.handle.db.select().from(outbox)).length).toBe(before.length);
    expect(
      await changeOrderStatus({ orderId: id, status: "completed", actorId: admin, note: "Report sent" }),
    ).toMatchObject({ ok: true, changed: true, from: "processing", to: "completed" });
    const mails = await t.handle.db.select().from(outbox).where(eq(outbox.kind, "order-completed"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe("alice@example.com");
    expect(mails[0]!.subject).toContain(id.slice(0, 8));
    const history = await t.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    expect(history.map((e) => [e.kind, e.fromValue, e.toValue, e.actorId])).toEqual(
      expect.arrayContaining([
        ["status", "pending", "processing", admin],
        ["status", "processing", "completed", admin],
      ]),
    );
    expect(history.find((e) => e.toValue === "completed")?.note).toBe("Report sent");
    // The client's view shows the same history (without who did it).
    const seen = await getClientOrder(id, alice);
    expect(seen?.status).toBe("completed");
    expect(seen?.history.filter((e) => e.kind === "status")).toHaveLength(2);
  });

  it("records nothing when the status does not change, and refuses bad input", async () => {
    const id = aliceOrders.completedPaid!;
    const count = async () => (await t.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, id))).length;
    const before = await count();
    expect(await changeOrderStatus({ orderId: id, status: "completed", actorId: admin })).toMatchObject({
      ok: true,
      changed: false,
    });
    expect(await changeOrderStatus({ orderId: id, status: "shipped", actorId: admin })).toEqual({
      ok: false,
      error: "invalid-input",
    });
    expect(await changeOrderStatus({ orderId: id, status: "", actorId: admin })).toEqual({
      ok: false,
      error: "invalid-input",
    });
    expect(await changeOrderStatus({ orderId: "1; drop table orders", status: "pending", actorId: admin })).toEqual({
      ok: false,
      error: "invalid-input",
    });
    expect(
      await changeOrderStatus({ orderId: "00000000-0000-4000-8000-000000000000", status: "pending", actorId: admin }),
    ).toEqual({ ok: false, error: "not-found" });
    expect(await count()).toBe(before);
    const [row] = await t.handle.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    expect(row!.status).toBe("completed");
  });

  it("writes the cancellation mail in the order's language", async () => {
    const [bobOrder] = await t.handle.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.email, "bob.orders@example.com"));
    await changeOrderStatus({ orderId: bobOrder!.id, status: "cancelled", actorId: admin });
    const [mail] = await t.handle.db.select().from(outbox).where(eq(outbox.kind, "order-cancelled"));
    expect(mail!.toAddress).toBe("bob@example.com");
    expect(mail!.subject).toMatch(/إلغاء/);
    expect(mail!.textBody).toContain(`/ar/dashboard/orders/${bobOrder!.id}`);
  });

  it("attaches a PDF report the owner and admins can download, and nobody else", async () => {
    const id = aliceOrders.completedPaid!;
    expect(
      await attachReport({
        orderId: id,
        fileName: "report.pdf",
        data: Buffer.from("GIF89a not a pdf"),
        actorId: admin,
      }),
    ).toEqual({ ok: false, error: "not-pdf" });
    expect(await attachReport({ orderId: id, fileName: "report.pdf", data: Buffer.alloc(0), actorId: admin })).toEqual({
      ok: false,
      error: "empty",
    });
    expect(
      await attachReport({
        orderId: id,
        fileName: "big.pdf",
        data: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]),
        actorId: admin,
      }),
    ).toEqual({ ok: false, error: "too-large" });
    expect(
      await attachReport({
        orderId: "00000000-0000-4000-8000-000000000000",
        fileName: "r.pdf",
        data: PDF,
        actorId: admin,
      }),
    ).toEqual({ ok: false, error: "not-found" });
    const result = await attachReport({ orderId: id, fileName: '../../etc/"final".pdf', data: PDF, actorId: admin });
    expect(result.ok).toBe(true);
    const documentId = result.ok ? result.documentId : "";
    const [doc] = await t.handle.db.select().from(orderDocuments).where(eq(orderDocuments.id, documentId));
    expect(doc!.fileName).toBe("final.pdf");
    expect(Buffer.compare(doc!.data!, PDF)).toBe(0);

    expect((await getDocumentForViewer(documentId, { id: alice, role: "client" }))?.id).toBe(documentId);
    expect((await getDocumentForViewer(documentId, { id: admin, role: "admin" }))?.id).toBe(documentId);
    expect(await getDocumentForViewer(documentId, { id: bob, role: "client" })).toBeNull();
    expect((await getLatestReport(id, { id: alice, role: "client" }))?.id).toBe(documentId);
    expect(await getLatestReport(id, { id: bob, role: "client" })).toBeNull();
    const list = await listClientOrders(alice);
    expect(list.rows.find((r) => r.id === id)?.reportId).toBe(documentId);
    expect(list.rows.find((r) => r.id === aliceOrders.processingPaid)?.reportId).toBeNull();
    const details = await getClientOrder(id, alice);
    expect(details?.documents.map((d) => [d.kind, d.fileName])).toEqual([["report", "final.pdf"]]);
    expect(details?.history.some((e) => e.kind === "report")).toBe(true);
  });

  it("escapes CSV cells: quotes, separators, line breaks and formula starters", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", then')).toBe('"say ""hi"", then"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+971 50")).toBe("'+971 50");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(null)).toBe("");
    expect(csvCell(12.5)).toBe("12.5");
  });

  it("exports the filtered list as CSV with the same rows as the list, across batches", async () => {
    const all = await listAdminOrders(parseAdminOrderFilters(new URLSearchParams()), undefined, 100);
    let text = "";
    for await (const chunk of ordersCsv({ q: "", status: "all" }, 2)) text += chunk;
    expect(text.startsWith("\uFEFF")).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]![0]).toBe("Order ID");
    expect(rows.slice(1).map((r) => r[0])).toEqual(all.rows.map((r) => r.id));
    const injected = rows.find((r) => r[0] === aliceOrders.pendingUnpaid)!;
    expect(injected[2]).toBe('\'=HYPERLINK("http://evil")');
    expect(injected[7]).toBe("1200.00");
    expect(rows.find((r) => r[3] === "bob.orders@example.com")![2]).toBe('Bob, "The" Builder');

    const response = await ordersCsvResponse({ q: "alice@", status: "all" });
    expect(response.headers.get("Content-Type")).toContain("text/csv");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const filtered = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
    expect(filtered).toHaveLength(1 + 3);
  });

  it(
    "fails an export before its first byte when the database is away, and marks one that stops midway",
    { timeout: 90_000 },
    async () => {
      const away = openDatabase({ memory: true });
      await away.close();
      useDatabaseForTests(away);
      try {
        await expect(ordersCsvResponse({ q: "", status: "all" })).rejects.toThrow();
      } finally {
        useDatabaseForTests(t.handle);
      }
      // Two rows per batch: the first batch is read before the answer starts, the second fails.
      const response = await ordersCsvResponse({ q: "", status: "all" }, new Date(), 2);
      useDatabaseForTests(away);
      try {
        const reader = response.body!.getReader();
        let text = "";
        const decoder = new TextDecoder();
        const read = async () => {
          for (let next = await reader.read(); !next.done; next = await reader.read())
            text += decoder.decode(next.value, { stream: true });
        };
        // The stream errors (the transfer is aborted, no final chunk) after the visible line. The
        // second batch was already being read (one batch ahead) when the database went away.
        await expect(read()).rejects.toThrow();
        expect(text.split("\r\n").filter(Boolean)).toHaveLength(1 + 2 + 2 + 1);
        expect(text.trimEnd().endsWith(CSV_FAILED_LINE)).toBe(true);
      } finally {
        useDatabaseForTests(t.handle);
      }
    },
  );

  it("keeps keyset pagination exact when orders share a millisecond", async () => {
    const carol = await insertUser("carol@example.com", "Carol");
    // Microsecond-distinct timestamps inside one millisecond: a Date-based cursor would skip some.
    for (let i = 0; i < 5; i++) {
      await t.handle.db.execute(
        sql.raw(
          `insert into orders (user_id, amount, subtotal, service_type, created_at) values ('${carol}', 100, 100, 'Same Millisecond', '2026-03-01T10:00:00.000${i}00Z')`,
        ),
      );
    }
    let text = "";
    for await (const chunk of ordersCsv({ q: "same millisecond", status: "all" }, 2)) text += chunk;
    expect(parseCsv(text.slice(1)).slice(1)).toHaveLength(5);
  });
});
