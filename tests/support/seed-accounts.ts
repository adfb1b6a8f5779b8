import crypto from "node:crypto";
import { hashPassword } from "../../app/auth/password.server";
import { openDatabase, pgliteDir, type DatabaseHandle } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { inquiries, orderDocuments, orderEvents, orderItems, orderMessages, orders, users } from "../../db/schema";
import { seedDataDirFromTemplate } from "./pglite-template";
import { startServer, tempDir, type RunningServer } from "./server-process";
import { createPostgresDatabase, dropPostgresDatabase, testDbKind } from "./test-db";

export type SeededAccounts = {
  order: string;
  document: string;
  inquiry: string;
  queueOrder: string;
  noteDocument: string;
};

/** The authenticator secret of the seeded admin (two-factor sign-in on, as every non-client account has it). */
export const SEEDED_ADMIN_TOTP_SECRET = "JBSWY3DPEHPK3PXPKRSXG5DTMVRXEZLU";
/** The seeded members of staff's: one each, so signing in one does not use up the other's codes. */
export const SEEDED_STAFF_TOTP_SECRETS = {
  staff: "KRSXG5CTMVRXEZLUKRSXG5DTMVRXEZLU",
  otherStaff: "MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U",
} as const;

/** staff works "client"'s order (assigned to them); otherStaff works neither it nor other staff's cases. */
export type AccountEmails = { client: string; otherClient: string; admin: string; staff?: string; otherStaff?: string };

/**
 * Two verified clients, an admin and (when their e-mails are given) two members of staff, all with
 * `password`, staff and admin with two-factor sign-in; a pending order of "client" with one line,
 * an uploaded PDF, a staff-only note with a document and its history, assigned to "staff"; an
 * unassigned order of "client" (the queue); and an inquiry: what tests of signed-in pages need.
 */
export async function seedAccounts(
  handle: DatabaseHandle,
  emails: AccountEmails,
  password: string,
): Promise<SeededAccounts> {
  const { db } = handle;
  const passwordHash = await hashPassword(password);
  const userId = async (email: string, role: "client" | "staff" | "admin", secret = SEEDED_ADMIN_TOTP_SECRET) => {
    const twoFactor = role !== "client" ? { totpSecret: secret, totpEnabledAt: new Date() } : {};
    const [row] = await db
      .insert(users)
      .values({ email, passwordHash, fullName: "Seeded User", role, emailConfirmedAt: new Date(), ...twoFactor })
      .returning({ id: users.id });
    return row!.id;
  };
  const clientId = await userId(emails.client, "client");
  await userId(emails.otherClient, "client");
  const adminId = await userId(emails.admin, "admin");
  const staffId = emails.staff ? await userId(emails.staff, "staff", SEEDED_STAFF_TOTP_SECRETS.staff) : null;
  if (emails.otherStaff) await userId(emails.otherStaff, "staff", SEEDED_STAFF_TOTP_SECRETS.otherStaff);
  const orderValues = {
    userId: clientId,
    serviceType: "Travel Ban Check",
    tierName: "Standard",
    amount: 65_000,
    subtotal: 65_000,
    status: "pending" as const,
    paymentStatus: "unpaid" as const,
    legalName: "Seeded Client",
    email: emails.client,
    phone: "+971501234567",
  };
  const [order] = await db
    .insert(orders)
    .values({ ...orderValues, assigneeId: staffId })
    .returning({ id: orders.id });
  const [queueOrder] = await db.insert(orders).values(orderValues).returning({ id: orders.id });
  await db.insert(orderItems).values({
    orderId: order!.id,
    serviceKey: "travel-ban-check",
    tierId: "standard",
    tierName: "Standard",
    unitPrice: 65_000,
    quantity: 1,
  });
  await db.insert(orderEvents).values({ orderId: order!.id, kind: "created", toValue: "pending" });
  const pdf = Buffer.from("%PDF-1.4\n% seeded\n");
  const [document] = await db
    .insert(orderDocuments)
    .values({
      orderId: order!.id,
      kind: "upload",
      fileName: "passport.pdf",
      contentType: "application/pdf",
      sizeBytes: pdf.length,
      sha256: crypto.createHash("sha256").update(pdf).digest("hex"),
      data: pdf,
      uploadedBy: clientId,
    })
    .returning({ id: orderDocuments.id });
  const [note] = await db
    .insert(orderMessages)
    .values({ orderId: order!.id, authorId: adminId, side: "staff", kind: "note", body: "Staff only" })
    .returning({ id: orderMessages.id });
  const [noteDocument] = await db
    .insert(orderDocuments)
    .values({
      orderId: order!.id,
      messageId: note!.id,
      kind: "attachment",
      fileName: "internal.pdf",
      contentType: "application/pdf",
      sizeBytes: pdf.length,
      sha256: crypto.createHash("sha256").update(pdf).digest("hex"),
      data: pdf,
      uploadedBy: adminId,
    })
    .returning({ id: orderDocuments.id });
  const [inquiry] = await db
    .insert(inquiries)
    .values({
      fullName: "Seeded Inquirer",
      email: "inquirer@example.com",
      phone: "+971509876543",
      serviceType: "legal-consultation",
      message: "A question.",
      consentAt: new Date(),
      sourcePageUrl: "/ask-lawyer",
    })
    .returning({ id: inquiries.id });
  return {
    order: order!.id,
    document: document!.id,
    inquiry: inquiry!.id,
    queueOrder: queueOrder!.id,
    noteDocument: noteDocument!.id,
  };
}

/**
 * A fresh, migrated database of the test's kind for a server child process to use: PGlite in a new
 * data folder, or a new PostgreSQL database. Seed through `handle`, close it, then start the server
 * with `DATA_DIR: dataDir` (and `DATABASE_URL: databaseUrl` when set): the embedded database
 * belongs to one process at a time.
 */
export async function openServerDatabase(
  prefix: string,
): Promise<{ dataDir: string; databaseUrl: string | undefined; handle: DatabaseHandle }> {
  const dataDir = tempDir(prefix);
  if (testDbKind() === "postgres") {
    const databaseUrl = await createPostgresDatabase();
    const handle = openDatabase({ url: databaseUrl, poolSize: 2 });
    await migrateDatabase(handle, databaseUrl);
    return { dataDir, databaseUrl, handle };
  }
  seedDataDirFromTemplate(dataDir);
  const handle = openDatabase({ dataDir: pgliteDir(dataDir) });
  await migrateDatabase(handle);
  return { dataDir, databaseUrl: undefined, handle };
}

export type ServerWithAccounts = {
  server: RunningServer;
  seeded: SeededAccounts;
  dataDir: string;
  databaseUrl: string | undefined;
  stop(): Promise<void>;
};

/**
 * A fresh database of the test's kind (PGlite in a data folder, or a new PostgreSQL database),
 * migrated and seeded with `seedAccounts`, then the production server on it. The embedded database
 * belongs to one process at a time: it is seeded and closed before the server starts.
 * `stop()` stops the server and drops the PostgreSQL database.
 */
export async function startServerWithAccounts(
  env: Record<string, string>,
  emails: AccountEmails,
  password: string,
): Promise<ServerWithAccounts> {
  const { dataDir, databaseUrl, handle } = await openServerDatabase("sanad-seeded-");
  let seeded: SeededAccounts;
  try {
    seeded = await seedAccounts(handle, emails, password);
  } finally {
    await handle.close();
  }
  const server = await startServer({
    NODE_ENV: "production",
    LOG_REQUESTS: "false",
    ...env,
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  return {
    server,
    seeded,
    dataDir,
    databaseUrl,
    async stop() {
      await server.stop();
      if (databaseUrl) await dropPostgresDatabase(databaseUrl);
    },
  };
}
