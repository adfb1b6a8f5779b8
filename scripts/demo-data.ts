import { eq } from "drizzle-orm";
import { hashPassword } from "../app/auth/password.server";
import { dueTimeOf } from "../app/cases/turnaround.server";
import { seedDemoCoupon } from "../app/orders/coupons.server";
import { db } from "../app/db.server";
import { orderItems, orders, users, type OrderStatus, type PaymentStatus } from "../db/schema";

export const DEMO_ACCOUNTS = [
  { email: "client@example.com", password: "demo-client-2025", fullName: "Aisha Rahman", role: "client" as const },
  { email: "admin@example.com", password: "demo-admin-2025", fullName: "Omar Haddad", role: "admin" as const },
  {
    email: "caseworker@example.com",
    password: "demo-caseworker-2025",
    fullName: "Mariam Saleh",
    role: "staff" as const,
  },
];

const DEMO_ORDERS: Array<{
  serviceKey: string;
  serviceType: string;
  tierId: string;
  tierName: string;
  unitPrice: number;
  quantity: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  daysAgo: number;
}> = [
  {
    serviceKey: "travel-ban-check",
    serviceType: "Travel Ban Check",
    tierId: "comprehensive",
    tierName: "Comprehensive",
    unitPrice: 125_000,
    quantity: 1,
    status: "completed",
    paymentStatus: "paid",
    daysAgo: 20,
  },
  {
    serviceKey: "background-check",
    serviceType: "Background Check",
    tierId: "standard",
    tierName: "Standard",
    unitPrice: 85_000,
    quantity: 2,
    status: "processing",
    paymentStatus: "paid",
    daysAgo: 6,
  },
  {
    serviceKey: "contract-review",
    serviceType: "Contract Review",
    tierId: "basic",
    tierName: "Basic",
    unitPrice: 120_000,
    quantity: 1,
    status: "pending",
    paymentStatus: "unpaid",
    daysAgo: 1,
  },
];

/** Adds the demo accounts and, for the demo client, a few orders. Safe to run again. */
export async function seedDemoData() {
  for (const account of DEMO_ACCOUNTS) {
    const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    if (existing.length) continue;
    await db.insert(users).values({
      email: account.email,
      passwordHash: await hashPassword(account.password),
      fullName: account.fullName,
      role: account.role,
      emailConfirmedAt: new Date(),
    });
  }
  const [client] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS[0]!.email));
  const [caseworker] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS[2]!.email));
  let created = 0;
  const hasOrders = await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, client!.id)).limit(1);
  if (!hasOrders.length) {
    for (const demo of DEMO_ORDERS) {
      const when = new Date(Date.now() - demo.daysAgo * 86_400_000);
      const line = { serviceKey: demo.serviceKey, tierId: demo.tierId, turnaroundValue: null, turnaroundUnit: null };
      const open = demo.status === "pending" || demo.status === "processing";
      await db.transaction(async (tx) => {
        const [order] = await tx
          .insert(orders)
          .values({
            userId: client!.id,
            serviceType: demo.serviceType,
            tierName: demo.tierName,
            amount: demo.unitPrice * demo.quantity,
            status: demo.status,
            paymentStatus: demo.paymentStatus,
            description: "Demo order",
            paidAt: demo.paymentStatus === "paid" ? when : null,
            // Paid orders are due when their package's turnaround ends; the one being worked on is the case worker's.
            dueAt: demo.paymentStatus === "paid" ? dueTimeOf([line], when) : null,
            assigneeId: demo.paymentStatus === "paid" && open ? (caseworker?.id ?? null) : null,
            createdAt: when,
            updatedAt: when,
          })
          .returning();
        await tx.insert(orderItems).values({
          orderId: order!.id,
          serviceKey: demo.serviceKey,
          tierId: demo.tierId,
          tierName: demo.tierName,
          unitPrice: demo.unitPrice,
          quantity: demo.quantity,
        });
      });
      created++;
    }
  }
  await seedDemoCoupon();
  return { accounts: DEMO_ACCOUNTS, orders: created };
}
