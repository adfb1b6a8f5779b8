import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { consultationBookings, orderItems, orders, users } from "../../db/schema";
import { startFakeSmtp } from "../support/fake-smtp";
import { openServerDatabase } from "../support/seed-accounts";
import { startServer, type RunningServer } from "../support/server-process";
import { dropPostgresDatabase, testDbKind } from "../support/test-db";

// Reminders are sent exactly once however many server processes run (decision 089): two
// production processes on one PostgreSQL database, each looking for due reminders every second,
// both at work on the same bookings; the fake SMTP server counts what reaches the clients.
// PostgreSQL only: the embedded database belongs to one process.
const RUNS = testDbKind() === "postgres" && Boolean(process.env.TEST_DATABASE_URL);

const MINUTE = 60_000;
const CONSULTANTS = 10;
const PER_KIND = 100;
const RUN = crypto.randomBytes(4).toString("hex");

describe.runIf(RUNS)("consultation reminders with two server processes on one PostgreSQL", () => {
  let databaseUrl: string;
  let handle: DatabaseHandle;
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  const servers: RunningServer[] = [];
  const dayDue: string[] = [];
  const hourDue: string[] = [];
  const notDue: string[] = [];

  async function booking(
    email: string,
    startsAt: Date,
    minutes: number,
    consultant: string,
    state: "booked" | "cancelled" = "booked",
  ) {
    const [client] = await handle.db
      .insert(users)
      .values({ email, passwordHash: "x", role: "client", fullName: "Reminded client" })
      .returning({ id: users.id });
    const [order] = await handle.db
      .insert(orders)
      .values({
        userId: client!.id,
        amount: 75_000,
        subtotal: 75_000,
        status: "processing",
        paymentStatus: "paid",
        paidAt: new Date(),
        serviceType: "Legal Consultation",
        tierName: "Immigration",
      })
      .returning({ id: orders.id });
    await handle.db.insert(orderItems).values({
      orderId: order!.id,
      serviceKey: "legal-consultation",
      tierId: "immigration",
      tierName: "Immigration",
      unitPrice: 75_000,
      quantity: 1,
    });
    const endsAt = new Date(startsAt.getTime() + minutes * MINUTE);
    await handle.db.insert(consultationBookings).values({
      orderId: order!.id,
      clientId: client!.id,
      consultantId: consultant,
      mode: "phone",
      startsAt,
      endsAt,
      blockedUntil: endsAt,
      state,
    });
  }

  beforeAll(async () => {
    const opened = await openServerDatabase("sanad-reminders-");
    databaseUrl = opened.databaseUrl!;
    handle = opened.handle;
    const consultants = await handle.db
      .insert(users)
      .values(
        Array.from({ length: CONSULTANTS }, (_, i) => ({
          email: `reminders-consultant-${RUN}-${i}@example.com`,
          passwordHash: "x",
          role: "staff" as const,
        })),
      )
      .returning({ id: users.id });
    const now = Date.now();
    // Enough due bookings that a round of either process takes a while (batches of 50), so the two
    // processes' rounds overlap. Due for the day's reminder (3 to 6 hours away) and for the hour's
    // (20 to 40 minutes away: booked within the hour, so the hour's reminder only); one a day and a
    // half away and a cancelled one within the hour get none.
    for (let i = 0; i < PER_KIND; i++) {
      const consultant = consultants[i % CONSULTANTS]!.id;
      const round = Math.floor(i / CONSULTANTS);
      const day = `day-${RUN}-${i}@example.com`;
      dayDue.push(day);
      await booking(day, new Date(now + 3 * 60 * MINUTE + round * 20 * MINUTE), 15, consultant);
      const hour = `hour-${RUN}-${i}@example.com`;
      hourDue.push(hour);
      await booking(hour, new Date(now + 20 * MINUTE + round * 2 * MINUTE), 1, consultant);
    }
    notDue.push(`later-${RUN}@example.com`, `cancelled-${RUN}@example.com`);
    await booking(notDue[0]!, new Date(now + 36 * 60 * MINUTE), 30, consultants[0]!.id);
    await booking(notDue[1]!, new Date(now + 50 * MINUTE), 30, consultants[0]!.id, "cancelled");

    smtp = await startFakeSmtp();
    const env = {
      NODE_ENV: "production",
      LOG_REQUESTS: "false",
      LOG_FORMAT: "json",
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: "4",
      SMTP_URL: smtp.url,
      CONSULTATION_REMINDER_INTERVAL_SECONDS: "1",
    };
    // Started together, as a deployment's replicas come up.
    servers.push(...(await Promise.all([startServer(env), startServer(env)])));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await handle?.close();
    await smtp?.close();
    if (databaseUrl) await dropPostgresDatabase(databaseUrl);
  });

  const received = (email: string, subjectStart: string) =>
    smtp.messages.filter((m) => m.to.includes(email) && m.subject.startsWith(subjectStart)).length;
  const DAY = "Reminder: your consultation tomorrow";
  const HOUR = "Reminder: your consultation starts in an hour";

  it("mails each due reminder exactly once", async () => {
    const expected = dayDue.length + hourDue.length;
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline && smtp.messages.length < expected)
      await new Promise((resolve) => setTimeout(resolve, 250));
    // Both processes keep looking for a few more rounds: nothing more may come.
    await new Promise((resolve) => setTimeout(resolve, 5_000));

    // Both processes did look (their job lines), so the once is not one process doing all the work by chance of timing.
    for (const server of servers) expect(server.output()).toContain('"job":"consultation-reminders"');

    expect(dayDue.map((email) => [received(email, DAY), received(email, HOUR)])).toEqual(dayDue.map(() => [1, 0]));
    expect(hourDue.map((email) => [received(email, DAY), received(email, HOUR)])).toEqual(hourDue.map(() => [0, 1]));
    expect(notDue.map((email) => smtp.messages.filter((m) => m.to.includes(email)).length)).toEqual([0, 0]);
    expect(smtp.messages).toHaveLength(expected);
    // Reminders carry no invite (the calendar has the event already).
    expect(smtp.messages.every((m) => m.attachments.length === 0)).toBe(true);

    const marks = await handle.db
      .select({
        email: users.email,
        day: consultationBookings.reminderDaySentAt,
        hour: consultationBookings.reminderHourSentAt,
      })
      .from(consultationBookings)
      .innerJoin(users, eq(users.id, consultationBookings.clientId))
      .where(inArray(users.email, [...dayDue, ...hourDue]));
    expect(marks.filter((m) => dayDue.includes(m.email)).every((m) => m.day && !m.hour)).toBe(true);
    // The hour's bookings are marked for the day too (so it is never sent after), but got one mail.
    expect(marks.filter((m) => hourDue.includes(m.email)).every((m) => m.day && m.hour)).toBe(true);
  }, 150_000);
});
