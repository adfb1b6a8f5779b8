import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, users, type OrderStatus, type PaymentStatus } from "../../db/schema";
import { sessionCreditView, sessionsToBook } from "../../app/consultations/credits.server";
import { getClientOrder } from "../../app/orders/order-details.server";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

describe(`session credits on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  let client: string;
  let other: string;

  async function insertUser(email: string) {
    const [row] = await t.handle.db
      .insert(users)
      .values({ email, passwordHash: "x", role: "client" })
      .returning({ id: users.id });
    return row!.id;
  }

  async function insertOrder(
    userId: string,
    lines: { serviceKey: string; tierId: string; quantity?: number }[],
    state: { status?: OrderStatus; paymentStatus?: PaymentStatus; paidMinutesAgo?: number } = {},
  ) {
    const [row] = await t.handle.db
      .insert(orders)
      .values({
        userId,
        amount: 90_000,
        subtotal: 90_000,
        status: state.status ?? "processing",
        paymentStatus: state.paymentStatus ?? "paid",
        paidAt: state.paymentStatus === "unpaid" ? null : new Date(Date.now() - (state.paidMinutesAgo ?? 0) * 60_000),
        refundedAmount:
          state.paymentStatus === "refunded" ? 90_000 : state.paymentStatus === "partially_refunded" ? 10_000 : 0,
        serviceType: "Legal Consultation",
        tierName: "Family Consultation",
      })
      .returning({ id: orders.id });
    await t.handle.db.insert(orderItems).values(
      lines.map((line) => ({
        orderId: row!.id,
        serviceKey: line.serviceKey,
        tierId: line.tierId,
        tierName: line.tierId,
        unitPrice: 90_000,
        quantity: line.quantity ?? 1,
      })),
    );
    return row!.id;
  }

  beforeAll(async () => {
    client = await insertUser("credits@example.com");
    other = await insertUser("someone-else@example.com");
  });

  it("counts a paid order's sessions from the catalogue, and none for unpaid, refunded or cancelled orders", async () => {
    const consultation = await insertOrder(client, [{ serviceKey: "legal-consultation", tierId: "family" }], {
      paidMinutesAgo: 30,
    });
    const bundle = await insertOrder(
      client,
      [
        { serviceKey: "contract-review", tierId: "premium" },
        { serviceKey: "travel-ban-check", tierId: "basic", quantity: 2 },
      ],
      { paidMinutesAgo: 20 },
    );
    const noSessions = await insertOrder(client, [{ serviceKey: "labor-ban-check", tierId: "basic" }], {
      paidMinutesAgo: 10,
    });
    const unpaid = await insertOrder(client, [{ serviceKey: "legal-consultation", tierId: "business" }], {
      status: "pending",
      paymentStatus: "unpaid",
    });
    await insertOrder(client, [{ serviceKey: "legal-consultation", tierId: "immigration" }], {
      status: "cancelled",
      paymentStatus: "refunded",
    });
    await insertOrder(other, [{ serviceKey: "legal-consultation", tierId: "employment" }]);

    const toBook = await sessionsToBook(client, "en");
    expect(toBook.map((credit) => [credit.orderId, credit.unused, credit.title])).toEqual([
      [consultation, 1, "One consultation session to book"],
      [bundle, 4, "4 consultation sessions to book"],
    ]);
    expect(toBook[0]!.bookPath).toBe(`/dashboard/orders/${consultation}/book`);
    expect((await sessionsToBook(client, "ar")).map((credit) => credit.title)).toEqual([
      "جلسة استشارية واحدة بانتظار الحجز",
      "4 جلسات استشارية بانتظار الحجز",
    ]);
    expect((await sessionsToBook(other, "en")).map((credit) => credit.unused)).toEqual([1]);

    const view = async (orderId: string) => {
      const order = await getClientOrder(orderId, client);
      return order ? sessionCreditView(order, "en") : "not-found";
    };
    expect((await view(consultation))?.valueOf()).toMatchObject({ unused: 1, bookLabel: "Book your consultation" });
    expect(await view(noSessions)).toBeNull();
    expect(await view(unpaid)).toBeNull();
  });

  it("keeps the sessions through a partial refund and takes them back with a full refund or a cancellation", async () => {
    const order = await insertOrder(client, [{ serviceKey: "contract-review", tierId: "premium" }], {
      paymentStatus: "partially_refunded",
    });
    const unusedOf = async () =>
      (await sessionsToBook(client, "en")).find((credit) => credit.orderId === order)?.unused ?? 0;
    expect(await unusedOf()).toBe(2);
    await t.handle.db
      .update(orders)
      .set({ paymentStatus: "refunded", refundedAmount: 90_000 })
      .where(eq(orders.id, order));
    expect(await unusedOf()).toBe(0);
    await t.handle.db
      .update(orders)
      .set({ paymentStatus: "paid", refundedAmount: 0, status: "cancelled" })
      .where(eq(orders.id, order));
    expect(await unusedOf()).toBe(0);
  });
});
