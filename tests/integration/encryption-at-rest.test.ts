import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { keyId, resetKeyRing, UnknownDataKeyError } from "../../db/encryption";
import { dataExports, orderDocuments, orders, users } from "../../db/schema";
import { resetEnvForTests } from "../../app/env.server";
import { attachReport } from "../../app/orders/order-documents.server";
import { buildExport, exportForDownload, requestDataExport } from "../../app/privacy/data-export.server";
import { reencryptStoredData } from "../../app/privacy/encryption-jobs.server";
import { readStoredData } from "../../app/privacy/unreadable.server";
import { resultRows, testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

// Documents, export archives and two-factor secrets at rest: what the database holds is ciphertext
// (no PDF or image signature), plaintext rows from before are encrypted by the start-up job, a
// rotation re-encrypts under the new key, and a key that is missing gives a clear error naming it.

const key = (seed: string) => crypto.createHash("sha256").update(seed).digest().toString("base64");
const OLD_KEY = key("old");
const NEW_KEY = key("new");
const PDF = Buffer.from("%PDF-1.7\n% a passport scan\n%%EOF\n");
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(64)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(64)]);
const MAGIC = [Buffer.from("%PDF"), PNG.subarray(0, 8), JPEG.subarray(0, 3), Buffer.from("PK\u0003\u0004")];

describe(`encryption at rest on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  let userId: string;
  let orderId: string;
  const configuredKeys = process.env.DATA_ENCRYPTION_KEYS;
  const useKeys = (keys: string) => {
    process.env.DATA_ENCRYPTION_KEYS = keys;
    resetKeyRing();
    resetEnvForTests();
  };
  const raw = async (query: ReturnType<typeof sql>) => resultRows(await t.handle.db.execute(query));
  const rawBytes = (value: unknown) =>
    Buffer.isBuffer(value)
      ? value
      : value instanceof Uint8Array
        ? Buffer.from(value)
        : Buffer.from(String(value).slice(2), "hex");
  const startsWithMagic = (bytes: Buffer) => MAGIC.some((magic) => bytes.subarray(0, magic.length).equals(magic));

  beforeAll(async () => {
    useKeys(OLD_KEY);
    const [user] = await t.handle.db
      .insert(users)
      .values({
        email: `enc-${Date.now()}@example.com`,
        passwordHash: "x",
        fullName: "Enc Client",
        totpSecret: "JBSWY3DPEHPK3PXP",
        totpEnabledAt: new Date(),
      })
      .returning();
    userId = user!.id;
    const [order] = await t.handle.db
      .insert(orders)
      .values({ userId, amount: 100, subtotal: 100, status: "completed" })
      .returning();
    orderId = order!.id;
  });
  afterEach(() => useKeys(OLD_KEY));
  afterAll(async () => {
    if (configuredKeys === undefined) delete process.env.DATA_ENCRYPTION_KEYS;
    else process.env.DATA_ENCRYPTION_KEYS = configuredKeys;
    resetKeyRing();
  });

  const insertDocument = async (data: Buffer, fileName: string, contentType: string) => {
    const [row] = await t.handle.db
      .insert(orderDocuments)
      .values({
        orderId,
        kind: "upload",
        fileName,
        contentType,
        sizeBytes: data.length,
        sha256: crypto.createHash("sha256").update(data).digest("hex"),
        data,
      })
      .returning({ id: orderDocuments.id });
    return row!.id;
  };

  it("stores documents, reports, archives and two-factor secrets as ciphertext, and reads them back", async () => {
    const ids = [
      await insertDocument(PDF, "passport.pdf", "application/pdf"),
      await insertDocument(PNG, "id.png", "image/png"),
      await insertDocument(JPEG, "id.jpg", "image/jpeg"),
    ];
    const report = await attachReport({ orderId, fileName: "report.pdf", data: PDF, actorId: userId });
    expect(report.ok).toBe(true);
    const exported = await requestDataExport(
      { id: userId, email: "x@example.com", fullName: null, role: "client" },
      { lang: "en", conversationId: null, clientAddress: "203.0.113.1" },
    );
    expect(exported?.status).toBe("ready");

    const documents = await raw(sql`select id::text as id, data from order_documents`);
    expect(documents.length).toBeGreaterThanOrEqual(4);
    for (const row of documents) {
      const bytes = rawBytes(row.data);
      expect(startsWithMagic(bytes), `document ${String(row.id)} is stored in plain`).toBe(false);
      expect(bytes.includes(PDF.subarray(0, 12))).toBe(false);
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("SNDE1");
    }
    const [archive] = await raw(sql`select archive from data_exports`);
    expect(startsWithMagic(rawBytes(archive!.archive))).toBe(false);
    const [secret] = await raw(sql`select totp_secret from users where id = ${userId}::uuid`);
    expect(String(secret!.totp_secret)).toMatch(new RegExp(`^enc1:${keyId(Buffer.from(OLD_KEY, "base64"))}:`));
    expect(String(secret!.totp_secret)).not.toContain("JBSWY3DPEHPK3PXP");

    const [read] = await t.handle.db.select().from(orderDocuments).where(eq(orderDocuments.id, ids[1]!));
    expect(read!.data!.equals(PNG)).toBe(true);
    const [user] = await t.handle.db.select({ secret: users.totpSecret }).from(users).where(eq(users.id, userId));
    expect(user!.secret).toBe("JBSWY3DPEHPK3PXP");
  });

  it("the start-up job encrypts rows stored in plain before, and leaves encrypted ones as they are", async () => {
    const [plain] = await raw(
      sql`insert into order_documents (order_id, kind, file_name, content_type, size_bytes, sha256, data) values (${orderId}::uuid, 'upload', 'old.pdf', 'application/pdf', ${PDF.length}, 'x', ${PDF}) returning id::text as id`,
    );
    await t.handle.db.execute(
      sql`update users set totp_pending_secret = 'KRSXG5CTMVRXEZLU' where id = ${userId}::uuid`,
    );
    // Read before the job: plaintext from before passes through unchanged.
    const [before] = await t.handle.db
      .select({ data: orderDocuments.data })
      .from(orderDocuments)
      .where(eq(orderDocuments.id, String(plain!.id)));
    expect(before!.data!.equals(PDF)).toBe(true);
    const done = await reencryptStoredData();
    expect(done).toEqual({ documents: 1, exports: 0, secrets: 1 });
    const [stored] = await raw(sql`select data from order_documents where id = ${String(plain!.id)}::uuid`);
    expect(startsWithMagic(rawBytes(stored!.data))).toBe(false);
    const [after] = await t.handle.db
      .select({ data: orderDocuments.data })
      .from(orderDocuments)
      .where(eq(orderDocuments.id, String(plain!.id)));
    expect(after!.data!.equals(PDF)).toBe(true);
    expect(await reencryptStoredData()).toEqual({ documents: 0, exports: 0, secrets: 0 });
  });

  it("rotation: a new first key encrypts, the old one still decrypts, the command moves every row to the new key", async () => {
    useKeys(`${NEW_KEY},${OLD_KEY}`);
    const newId = keyId(Buffer.from(NEW_KEY, "base64"));
    const fresh = await insertDocument(PDF, "after-rotation.pdf", "application/pdf");
    const [freshRow] = await raw(sql`select data from order_documents where id = ${fresh}::uuid`);
    expect(rawBytes(freshRow!.data).subarray(5, 9).toString("hex")).toBe(newId);
    const all = await t.handle.db.select({ id: orderDocuments.id, data: orderDocuments.data }).from(orderDocuments);
    expect(all.every((row) => row.data!.length > 0)).toBe(true);

    const moved = await reencryptStoredData({ rotate: true });
    expect(moved.documents).toBeGreaterThanOrEqual(4);
    expect(moved.secrets).toBe(2);
    expect(moved.exports).toBe(1);
    for (const row of await raw(sql`select data from order_documents`))
      expect(rawBytes(row.data).subarray(5, 9).toString("hex")).toBe(newId);
    const [secret] = await raw(sql`select totp_secret from users where id = ${userId}::uuid`);
    expect(String(secret!.totp_secret).startsWith(`enc1:${newId}:`)).toBe(true);

    // With only the new key left, everything still reads.
    useKeys(NEW_KEY);
    const [read] = await t.handle.db
      .select({ data: orderDocuments.data })
      .from(orderDocuments)
      .where(eq(orderDocuments.id, fresh));
    expect(read!.data!.equals(PDF)).toBe(true);
    const [user] = await t.handle.db.select({ secret: users.totpSecret }).from(users).where(eq(users.id, userId));
    expect(user!.secret).toBe("JBSWY3DPEHPK3PXP");
    const [exported] = await t.handle.db.select({ id: dataExports.id }).from(dataExports);
    expect((await exportForDownload(exported!.id, userId))?.archive.subarray(0, 4).toString("latin1")).toBe(
      "PK\u0003\u0004",
    );
  });

  it("a key list that cannot decrypt a row: a clear error naming the row's key id, answered 503 without the bytes", async () => {
    useKeys(key("unrelated"));
    const newId = keyId(Buffer.from(NEW_KEY, "base64"));
    const [doc] = await t.handle.db.select({ id: orderDocuments.id }).from(orderDocuments).limit(1);
    const read = () =>
      t.handle.db.select({ data: orderDocuments.data }).from(orderDocuments).where(eq(orderDocuments.id, doc!.id));
    await expect(read()).rejects.toThrow(UnknownDataKeyError);
    await expect(read()).rejects.toThrow(new RegExp(`key ${newId}`));
    const answered = await readStoredData(read, { what: `document ${doc!.id}`, lang: "en" }).catch(
      (error: unknown) => error,
    );
    expect(answered).toBeInstanceOf(Response);
    const response = answered as Response;
    expect(response.status).toBe(503);
    const body = await response.text();
    expect(body).toContain(newId);
    expect(body).not.toContain("%PDF");
    // The command stops with the same message rather than half-done work.
    await expect(reencryptStoredData({ rotate: true })).rejects.toThrow(new RegExp(`key ${newId}`));
  });

  it("two exports asked at once make one archive", async () => {
    useKeys(`${NEW_KEY},${OLD_KEY}`);
    await t.handle.db.delete(dataExports);
    const requester = { id: userId, email: "x@example.com", fullName: null, role: "client" as const };
    const options = { lang: "ar" as const, conversationId: null, clientAddress: "203.0.113.1" };
    const [first, second] = await Promise.all([
      requestDataExport(requester, options),
      requestDataExport(requester, options),
    ]);
    expect(first?.id).toBe(second?.id);
    expect(await t.handle.db.select({ id: dataExports.id }).from(dataExports)).toHaveLength(1);
    expect(await buildExport(first!.id)).toBe(false);
    // Expired after its 7 days.
    expect(await exportForDownload(first!.id, userId, new Date(Date.now() + 8 * 24 * 60 * 60 * 1000))).toBeNull();
    expect(await exportForDownload(first!.id, crypto.randomUUID())).toBeNull();
  });
});
