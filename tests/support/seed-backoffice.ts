// Seeds the browser tests' database before the server starts (run with tsx: the embedded database
// belongs to one process at a time): for each Playwright project, clients with orders in known
// states, written straight into the schema the way checkout leaves them, and the cases of the case
// workspace tests (a member of staff, a paid case assigned to them, one to cancel, an overdue one).
// Prints the fixture as JSON.
// Uses DATABASE_URL when set, else the embedded database in DATA_DIR.
import crypto from "node:crypto";
import { hashPassword } from "../../app/auth/password.server";
import { closeAppDatabase, db, migrateAppDatabase } from "../../app/db.server";
import { insertCoupon } from "../../app/orders/coupons.server";
import {
  consultationBookings,
  inquiries,
  orderDocuments,
  orderEvents,
  orderItems,
  orders,
  users,
  type OrderStatus,
  type PaymentStatus,
} from "../../db/schema";
import { FREE_COUPON } from "./free-coupon";

const BACKOFFICE_PASSWORD = "backoffice-client-2026";
const PROJECTS = ["js-on", "js-off"];

type SeedOrder = {
  serviceType: string;
  serviceKey: string;
  tierId: string;
  tierName: string;
  unitPrice: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  minutesAgo: number;
  assigneeId?: string;
  /** Minutes from now (negative: overdue). */
  dueInMinutes?: number;
};

async function client(email: string, fullName: string, role: "client" | "staff" = "client", totpSecret?: string) {
  const twoFactor = totpSecret ? { totpSecret, totpEnabledAt: new Date() } : {};
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(BACKOFFICE_PASSWORD),
      fullName,
      role,
      emailConfirmedAt: new Date(),
      ...twoFactor,
    })
    .returning({ id: users.id });
  return row!.id;
}

/** A random authenticator secret (base32), as a person's app would hold: staff sign in with a second factor. */
function totpSecret() {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  return Array.from(crypto.randomBytes(32), (byte) => alphabet[byte % 32]).join("");
}

async function order(userId: string, email: string, legalName: string, o: SeedOrder) {
  const createdAt = new Date(Date.now() - o.minutesAgo * 60_000);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orders)
      .values({
        userId,
        serviceType: o.serviceType,
        tierName: o.tierName,
        amount: o.unitPrice,
        subtotal: o.unitPrice,
        status: o.status,
        paymentStatus: o.paymentStatus,
        paidAt: o.paymentStatus === "paid" ? createdAt : null,
        paidAmount: o.paymentStatus === "paid" ? o.unitPrice : null,
        assigneeId: o.assigneeId ?? null,
        dueAt: o.dueInMinutes === undefined ? null : new Date(Date.now() + o.dueInMinutes * 60_000),
        legalName,
        email,
        phone: "+971501234567",
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values({
      orderId: row!.id,
      serviceKey: o.serviceKey,
      tierId: o.tierId,
      tierName: o.tierName,
      unitPrice: o.unitPrice,
      quantity: 1,
    });
    await tx.insert(orderEvents).values({ orderId: row!.id, kind: "created", toValue: o.status, createdAt });
    return row!.id;
  });
}

await migrateAppDatabase();
await insertCoupon({ code: FREE_COUPON, kind: "percent", value: 100 });
type CaseFixture = {
  staff: { email: string; name: string; totpSecret: string };
  client: { email: string; name: string };
  caseOrder: string;
  cancelOrder: string;
  overdueOrder: string;
};
type ProjectFixture = {
  stats: { email: string; orders: string[] };
  /** 35 orders of one client: 30 processing (newest first in this order), 5 completed. */
  pages: { email: string; processing: string[] };
  flow: { email: string; order: string };
  other: { email: string; order: string };
  refund: { email: string; order: string };
  inquiry: { id: string; name: string };
  /** 30 inquiries sharing a search word: 28 contacted (newest first in this order), 2 new. */
  inquiryPages: { word: string; contacted: string[] };
  /** A client the global setup has the first admin promote: an admin without two-factor sign-in yet. */
  newAdmin: { email: string; id: string };
  /** A client whose sessions the sessions-list test signs in and out. */
  sessions: { email: string };
  /** The case workspace: a member of staff (two-factor on), a paid case assigned to them, one to cancel, an overdue one. */
  cases: CaseFixture;
  /** Privacy: a client with a completed order and an uploaded document (the access list, Download my data). */
  privacy: { email: string; order: string; document: string };
  /**
   * Consultations: a member of staff (two-factor on) who consults, with two sessions of today that
   * have started (to mark held and missed), one booked in three days and one cancelled, all of one
   * client's paid consultation orders.
   */
  consultations: {
    staff: { email: string; name: string; totpSecret: string; id: string };
    client: string;
    started: [string, string];
    upcoming: string;
    cancelled: string;
  };
};
const fixture: { password: string; projects: Record<string, ProjectFixture> } = {
  password: BACKOFFICE_PASSWORD,
  projects: {},
};
const stamp = Date.now().toString(36);
for (const project of PROJECTS) {
  const statsEmail = `bo-stats-${project}-${stamp}@example.com`;
  const flowEmail = `bo-flow-${project}-${stamp}@example.com`;
  const otherEmail = `bo-other-${project}-${stamp}@example.com`;
  const statsId = await client(statsEmail, "Noura Stats");
  const flowId = await client(flowEmail, "Faisal Flow");
  const otherId = await client(otherEmail, "Other Client");
  const newAdminEmail = `new-admin-${project}-${stamp}@example.com`;
  const newAdminId = await client(newAdminEmail, "New Admin");
  const sessionsEmail = `sessions-${project}-${stamp}@example.com`;
  await client(sessionsEmail, "Sara Sessions");
  const statsOrders = [
    await order(statsId, statsEmail, "Noura Al Stats", {
      serviceType: "Travel Ban Check",
      serviceKey: "travel-ban-check",
      tierId: "comprehensive",
      tierName: "Comprehensive",
      unitPrice: 125_000,
      status: "completed",
      paymentStatus: "paid",
      minutesAgo: 300,
    }),
    await order(statsId, statsEmail, "Noura Al Stats", {
      serviceType: "Background Check",
      serviceKey: "background-check",
      tierId: "standard",
      tierName: "Standard",
      unitPrice: 85_000,
      status: "processing",
      paymentStatus: "paid",
      minutesAgo: 200,
    }),
    await order(statsId, statsEmail, "Noura Al Stats", {
      serviceType: "Contract Review",
      serviceKey: "contract-review",
      tierId: "basic",
      tierName: "Basic",
      unitPrice: 120_000,
      status: "pending",
      paymentStatus: "unpaid",
      minutesAgo: 100,
    }),
  ];
  const flowOrder = await order(flowId, flowEmail, "Faisal Al Flow", {
    serviceType: "Labor Ban Check",
    serviceKey: "labor-ban-check",
    tierId: "standard",
    tierName: "Standard",
    unitPrice: 65_000,
    status: "processing",
    paymentStatus: "paid",
    minutesAgo: 50,
  });
  const otherOrder = await order(otherId, otherEmail, "Other Client", {
    serviceType: "Company Formation",
    serviceKey: "company-formation",
    tierId: "basic",
    tierName: "Basic",
    unitPrice: 99_900,
    status: "pending",
    paymentStatus: "unpaid",
    minutesAgo: 10,
  });
  const refundEmail = `bo-refund-${project}-${stamp}@example.com`;
  const refundId = await client(refundEmail, "Rania Refund");
  const refundOrder = await order(refundId, refundEmail, "Rania Al Refund", {
    serviceType: "Travel Ban Check",
    serviceKey: "travel-ban-check",
    tierId: "basic",
    tierName: "Basic",
    unitPrice: 65_000,
    status: "processing",
    paymentStatus: "paid",
    minutesAgo: 30,
  });
  const inquiryName = `Hamad Inquiry ${project} ${stamp}`;
  const [inquiry] = await db
    .insert(inquiries)
    .values({
      fullName: inquiryName,
      email: `inquiry-${project}-${stamp}@example.com`,
      phone: "+971509876543",
      serviceType: "legal-consultation",
      message: "I need advice on a rental contract.",
      consentAt: new Date(),
      sourcePageUrl: "/ask-lawyer",
    })
    .returning({ id: inquiries.id });
  // Inquiries to page through: 28 contacted and 2 new, a minute apart, all found by one word.
  const inquiryWord = `paging${project.replace(/-/g, "")}${stamp}`;
  const pagedInquiries = await db
    .insert(inquiries)
    .values(
      Array.from({ length: 30 }, (_, i) => ({
        fullName: `Huda Paging ${i}`,
        email: `${inquiryWord}-${i}@example.com`,
        phone: "+971509876500",
        serviceType: "travel-ban-check",
        status: i % 15 === 7 ? ("new" as const) : ("contacted" as const),
        consentAt: new Date(),
        createdAt: new Date(Date.now() - (2000 + i) * 60_000),
      })),
    )
    .returning({ id: inquiries.id, status: inquiries.status });
  // The case workspace: a member of staff, a paid case assigned to them, a paid one to cancel, an overdue one.
  const staffEmail = `case-staff-${project}-${stamp}@example.com`;
  const staffName = `Salma Staff ${project}`;
  const staffSecret = totpSecret();
  const staffId = await client(staffEmail, staffName, "staff", staffSecret);
  const caseEmail = `case-client-${project}-${stamp}@example.com`;
  const caseClientName = `Omar Case ${project}`;
  const caseClientId = await client(caseEmail, caseClientName);
  const laborBan = {
    serviceType: "Labor Ban Check",
    serviceKey: "labor-ban-check",
    tierId: "basic",
    tierName: "Basic",
    unitPrice: 65_000,
    paymentStatus: "paid" as const,
  };
  const caseOrder = await order(caseClientId, caseEmail, caseClientName, {
    ...laborBan,
    status: "pending",
    minutesAgo: 40,
    assigneeId: staffId,
    dueInMinutes: 3 * 24 * 60,
  });
  const cancelOrder = await order(caseClientId, caseEmail, caseClientName, {
    ...laborBan,
    status: "pending",
    minutesAgo: 30,
    dueInMinutes: 5 * 24 * 60,
  });
  const overdueOrder = await order(caseClientId, caseEmail, caseClientName, {
    ...laborBan,
    status: "processing",
    minutesAgo: 6 * 24 * 60,
    assigneeId: staffId,
    dueInMinutes: -2 * 24 * 60,
  });
  // A long history to page through: 30 processing orders and 5 completed, a minute apart.
  const pagesEmail = `bo-pages-${project}-${stamp}@example.com`;
  const pagesId = await client(pagesEmail, "Pages Client");
  const pagesOrders: string[] = [];
  for (let i = 0; i < 35; i++) {
    const id = await order(pagesId, pagesEmail, "Layla Pages", {
      ...laborBan,
      status: i % 7 === 3 ? "completed" : "processing",
      minutesAgo: 1000 + i,
    });
    if (i % 7 !== 3) pagesOrders.push(id);
  }
  const privacyEmail = `privacy-${project}-${stamp}@example.com`;
  const privacyId = await client(privacyEmail, "Mariam Privacy");
  const privacyOrder = await order(privacyId, privacyEmail, "Mariam Al Privacy", {
    ...laborBan,
    status: "completed",
    minutesAgo: 90,
  });
  const passport = Buffer.from("%PDF-1.4\n% privacy fixture\n%%EOF\n");
  const [privacyDocument] = await db
    .insert(orderDocuments)
    .values({
      orderId: privacyOrder,
      kind: "upload",
      fileName: "passport.pdf",
      contentType: "application/pdf",
      sizeBytes: passport.length,
      sha256: crypto.createHash("sha256").update(passport).digest("hex"),
      data: passport,
      uploadedBy: privacyId,
    })
    .returning({ id: orderDocuments.id });
  const consultantEmail = `consultant-${project}-${stamp}@example.com`;
  const consultantName = `Karim Consultant ${project}`;
  const consultantSecret = totpSecret();
  const consultantId = await client(consultantEmail, consultantName, "staff", consultantSecret);
  const consultationClient = `Huda Session ${project}`;
  const consultationClientId = await client(`consultation-client-${project}-${stamp}@example.com`, consultationClient);
  const immigration = {
    serviceType: "Legal Consultation",
    serviceKey: "legal-consultation",
    tierId: "immigration",
    tierName: "Immigration Consultation",
    unitPrice: 75_000,
    status: "processing" as const,
    paymentStatus: "paid" as const,
    minutesAgo: 3 * 24 * 60,
  };
  // Two sessions of today (Gulf time) that have started: from an hour ago, never before today's midnight.
  const gulfMidnight = Date.parse(`${new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10)}T00:00:00+04:00`);
  const from = Math.max(Date.now() - 60 * 60_000, gulfMidnight);
  const half = Math.floor((Date.now() - from) / 2);
  const session = async (start: number, end: number, state: "booked" | "cancelled" = "booked") => {
    const orderId = await order(
      consultationClientId,
      `consultation-client-${project}-${stamp}@example.com`,
      consultationClient,
      immigration,
    );
    const [row] = await db
      .insert(consultationBookings)
      .values({
        orderId,
        clientId: consultationClientId,
        consultantId,
        mode: "phone",
        startsAt: new Date(start),
        endsAt: new Date(end),
        blockedUntil: new Date(end),
        state,
        cancelledAt: state === "cancelled" ? new Date() : null,
      })
      .returning({ id: consultationBookings.id });
    return row!.id;
  };
  const started: [string, string] = [await session(from, from + half), await session(from + half, from + 2 * half)];
  const upcoming = await session(
    gulfMidnight + 3 * 86_400_000 + 20 * 3_600_000,
    gulfMidnight + 3 * 86_400_000 + 21 * 3_600_000,
  );
  const cancelled = await session(
    gulfMidnight + 3 * 86_400_000 + 10 * 3_600_000,
    gulfMidnight + 3 * 86_400_000 + 11 * 3_600_000,
    "cancelled",
  );
  fixture.projects[project] = {
    consultations: {
      staff: { email: consultantEmail, name: consultantName, totpSecret: consultantSecret, id: consultantId },
      client: consultationClient,
      started,
      upcoming,
      cancelled,
    },
    pages: { email: pagesEmail, processing: pagesOrders },
    privacy: { email: privacyEmail, order: privacyOrder, document: privacyDocument!.id },
    cases: {
      staff: { email: staffEmail, name: staffName, totpSecret: staffSecret },
      client: { email: caseEmail, name: caseClientName },
      caseOrder,
      cancelOrder,
      overdueOrder,
    },
    stats: { email: statsEmail, orders: statsOrders },
    flow: { email: flowEmail, order: flowOrder },
    other: { email: otherEmail, order: otherOrder },
    refund: { email: refundEmail, order: refundOrder },
    inquiry: { id: inquiry!.id, name: inquiryName },
    inquiryPages: {
      word: inquiryWord,
      contacted: pagedInquiries.filter((row) => row.status === "contacted").map((row) => row.id),
    },
    newAdmin: { email: newAdminEmail, id: newAdminId },
    sessions: { email: sessionsEmail },
  };
}
await closeAppDatabase();
console.log(JSON.stringify(fixture));
