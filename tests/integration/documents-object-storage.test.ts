import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetKeyRing } from "../../db/encryption";
import { orderDocuments, orders } from "../../db/schema";
import { resetEnvForTests } from "../../app/env.server";
import { withStoredFiles } from "../../app/documents/documents.server";
import { moveDocumentsToBucket, moveDocumentsToDatabase, resealBucketDocuments } from "../../app/documents/move.server";
import { ObjectStoreUnavailable } from "../../app/documents/object-store.server";
import { handleCasePost } from "../../app/cases/case-action.server";
import { postMessage } from "../../app/cases/messages.server";
import { uploadReport } from "../../app/admin/report-upload.server";
import { handleCheckout } from "../../app/orders/checkout.server";
import { attachReport, documentResponse, getDocumentForViewer } from "../../app/orders/order-documents.server";
import type { UploadedFile } from "../../app/orders/uploads.server";
import { exportForDownload, requestDataExport } from "../../app/privacy/data-export.server";
import { anonymiseAccount, RETENTION_JOBS } from "../../app/privacy/retention-jobs.server";
import { readStoredData } from "../../app/privacy/unreadable.server";
import { checkoutRequest, insertClient, travelBanBasic, validFields } from "../support/checkout-request";
import { startFakeS3, type FakeS3 } from "../support/fake-s3";
import { resultRows, testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

// Documents in object storage (docs/decisions/101), against a local S3 fake the real SDK talks
// to: uploads land in the bucket sealed (never the plaintext), come back through our own
// authorisation byte for byte, a bucket that is down refuses uploads with a 503 and stores
// nothing while documents in the database still download, and the move commands both ways keep
// every document readable.

const PDF = Buffer.concat([
  Buffer.from("%PDF-1.7\n% a passport scan\n"),
  crypto.randomBytes(200 * 1024),
  Buffer.from("\n%%EOF\n"),
]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(4096)]);
const sha = (data: Buffer) => crypto.createHash("sha256").update(data).digest("hex");
const upload = (
  fileName: string,
  data: Buffer,
  contentType: UploadedFile["contentType"] = "application/pdf",
): UploadedFile => ({ fileName, contentType, sizeBytes: data.length, sha256: sha(data), data });
const S3_NAMES = [
  "S3_BUCKET",
  "S3_REGION",
  "S3_ENDPOINT",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
];

describe(`documents in object storage on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  let s3: FakeS3;
  let client: string;
  let stranger: string;
  let admin: string;
  const useBucket = (on: boolean) => {
    for (const name of S3_NAMES) delete process.env[name];
    if (on) Object.assign(process.env, s3.env());
    resetEnvForTests();
  };
  const documentRows = () =>
    t.handle.db
      .select({ id: orderDocuments.id, storageKey: orderDocuments.storageKey, orderId: orderDocuments.orderId })
      .from(orderDocuments);
  const rawData = async (id: string) =>
    resultRows(await t.handle.db.execute(sql`select data from order_documents where id = ${id}::uuid`))[0]!.data;
  const checkout = (files: Array<{ name: string; data: Buffer; type?: string }>, submissionId = crypto.randomUUID()) =>
    handleCheckout({
      request: checkoutRequest({ ...validFields, intent: "pay", submissionId }, files),
      userId: client,
      cart: travelBanBasic,
      lang: "en",
    });

  beforeAll(async () => {
    s3 = await startFakeS3();
    client = await insertClient(t, `s3-client-${Date.now()}@example.com`, "Aisha Rahman");
    stranger = await insertClient(t, `s3-stranger-${Date.now()}@example.com`, "Someone Else");
    admin = await insertClient(t, `s3-admin-${Date.now()}@example.com`, "The Admin", "admin");
  });
  beforeEach(() => {
    s3.down(false);
    s3.hang(false);
    useBucket(true);
  });
  afterAll(async () => {
    useBucket(false);
    await s3.close();
  });

  it("a checkout upload lands in the bucket sealed, and downloads identically for the owner and an admin only", async () => {
    const outcome = await checkout([
      { name: "passport.pdf", data: PDF, type: "application/pdf" },
      { name: "id.png", data: PNG, type: "image/png" },
    ]);
    expect(outcome.kind).not.toBe("reply");
    const orderId = (outcome as { orderId: string }).orderId;
    const docs = await t.handle.db
      .select({ id: orderDocuments.id, storageKey: orderDocuments.storageKey, fileName: orderDocuments.fileName })
      .from(orderDocuments)
      .where(eq(orderDocuments.orderId, orderId));
    expect(docs).toHaveLength(2);
    for (const doc of docs) {
      expect(doc.storageKey).toMatch(/^documents\/[A-Za-z0-9_-]{43}$/);
      expect(await rawData(doc.id)).toBeNull();
      const stored = s3.objects.get(doc.storageKey!)!;
      expect(stored, "the object is in the bucket").toBeDefined();
      // Sealed like the database copy: our header, never the file's own bytes.
      expect(stored.subarray(0, 5).toString("latin1")).toBe("SNDE1");
      const plain = doc.fileName === "passport.pdf" ? PDF : PNG;
      expect(stored.includes(plain.subarray(0, 64))).toBe(false);
      expect(stored.length).toBe(plain.length + 5 + 4 + 12 + 16);
    }
    const pdfDoc = docs.find((doc) => doc.fileName === "passport.pdf")!;
    for (const viewer of [
      { id: client, role: "client" as const },
      { id: admin, role: "admin" as const },
    ]) {
      const doc = await getDocumentForViewer(pdfDoc.id, viewer);
      expect(doc, `${viewer.role} reads it`).not.toBeNull();
      const response = documentResponse(doc!);
      expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
    }
    // An object changed in the bucket is never served: altered, or replaced by plain bytes.
    const original = s3.objects.get(pdfDoc.storageKey!)!;
    const altered = Buffer.from(original);
    altered[altered.length - 100]! ^= 1;
    for (const replaced of [altered, PDF]) {
      s3.objects.set(pdfDoc.storageKey!, replaced);
      const refused = await readStoredData(() => getDocumentForViewer(pdfDoc.id, { id: client, role: "client" }), {
        what: "document",
        lang: "en",
      }).catch((thrown: unknown) => thrown);
      expect((refused as Response).status).toBe(503);
    }
    s3.objects.set(pdfDoc.storageKey!, original);

    // Anyone else: nothing (the route answers 404, as for an id that does not exist).
    expect(await getDocumentForViewer(pdfDoc.id, { id: stranger, role: "client" })).toBeNull();

    // "Download my data" holds the document too, read from the bucket.
    const exported = await requestDataExport(
      { id: client, email: "x@example.com", fullName: null, role: "client" },
      { lang: "en", conversationId: null, clientAddress: "203.0.113.1" },
    );
    expect(exported?.status).toBe("ready");
    const archive = (await exportForDownload(exported!.id, client))!.archive;
    const files = unzipSync(new Uint8Array(archive));
    const inArchive = Object.entries(files).find(([name]) => name.endsWith("passport.pdf"));
    expect(inArchive, Object.keys(files).join(", ")).toBeDefined();
    expect(Buffer.from(inArchive![1]).equals(PDF)).toBe(true);
  });

  it("a case message's documents and an admin's report go to the bucket too", async () => {
    const [order] = await t.handle.db
      .insert(orders)
      .values({ userId: client, amount: 100, subtotal: 100, status: "processing", paymentStatus: "paid" })
      .returning();
    const posted = await postMessage({
      orderId: order!.id,
      viewer: { id: client, role: "client" },
      side: "client",
      kind: "message",
      body: "Here is the scan.",
      files: [upload("scan.pdf", PDF)],
    });
    expect(posted).toMatchObject({ ok: true });
    const report = await withStoredFiles([upload("report.pdf", PDF)], ([placed]) =>
      attachReport({
        orderId: order!.id,
        fileName: "report.pdf",
        data: PDF,
        storageKey: placed!.storageKey,
        actorId: admin,
      }),
    );
    expect(report.ok).toBe(true);
    const rows = await t.handle.db
      .select({ id: orderDocuments.id, storageKey: orderDocuments.storageKey })
      .from(orderDocuments)
      .where(eq(orderDocuments.orderId, order!.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(s3.objects.has(row.storageKey!)).toBe(true);
      expect((await getDocumentForViewer(row.id, { id: client, role: "client" }))!.data.equals(PDF)).toBe(true);
    }
  });

  it("objects of a transaction that fails, or of a post that is refused, are deleted again", async () => {
    const before = s3.objects.size;
    await expect(
      withStoredFiles([upload("a.pdf", PDF), upload("b.pdf", PDF)], async () => {
        expect(s3.objects.size).toBe(before + 2);
        throw new Error("the transaction failed");
      }),
    ).rejects.toThrow("the transaction failed");
    expect(s3.objects.size).toBe(before);
    // A post on an order that does not exist: refused after the files went up, so they go again.
    const refused = await postMessage({
      orderId: crypto.randomUUID(),
      viewer: { id: client, role: "client" },
      side: "client",
      kind: "message",
      body: "x",
      files: [upload("c.pdf", PDF)],
    });
    expect(refused).toEqual({ ok: false, error: "not-found" });
    expect(s3.objects.size).toBe(before);
    // The same checkout sent twice: one order, and only its objects stay.
    const submissionId = crypto.randomUUID();
    const first = await checkout([{ name: "again.pdf", data: PDF, type: "application/pdf" }], submissionId);
    const second = await checkout([{ name: "again.pdf", data: PDF, type: "application/pdf" }], submissionId);
    expect((second as { orderId: string }).orderId).toBe((first as { orderId: string }).orderId);
    expect(s3.objects.size).toBe(before + 1);
  });

  it("the bucket down: an upload answers 503 with the form kept and stores nothing; database documents still download", async () => {
    // A document stored in the database (before the bucket was configured).
    useBucket(false);
    const [order] = await t.handle.db
      .insert(orders)
      .values({ userId: client, amount: 100, subtotal: 100, status: "processing", paymentStatus: "paid" })
      .returning();
    const [inDatabase] = await t.handle.db
      .insert(orderDocuments)
      .values({
        orderId: order!.id,
        kind: "upload",
        fileName: "old.pdf",
        contentType: "application/pdf",
        sizeBytes: PDF.length,
        sha256: sha(PDF),
        data: PDF,
      })
      .returning({ id: orderDocuments.id });
    useBucket(true);
    // It still downloads while the bucket is configured.
    expect((await getDocumentForViewer(inDatabase!.id, { id: client, role: "client" }))!.data.equals(PDF)).toBe(true);

    s3.down(true);
    const ordersBefore = (await t.handle.db.select({ id: orders.id }).from(orders)).length;
    const documentsBefore = (await documentRows()).length;
    const started = Date.now();
    const outcome = await handleCheckout({
      request: checkoutRequest({ ...validFields, intent: "pay" }, [
        { name: "passport.pdf", data: PDF, type: "application/pdf" },
      ]),
      userId: client,
      cart: travelBanBasic,
      lang: "ar",
    });
    expect(Date.now() - started, "short SDK timeouts: no hanging").toBeLessThan(15_000);
    expect(outcome.kind).toBe("reply");
    const reply = outcome as Extract<typeof outcome, { kind: "reply" }>;
    expect(reply.status).toBe(503);
    expect(reply.filesDropped).toBe(true);
    expect(reply.lastResult.error?.[""]?.[0]).toContain("مخزن المستندات");
    // What was typed comes back.
    expect(reply.lastResult.initialValue).toMatchObject({
      legalName: validFields.legalName,
      phone: validFields.phone,
      description: validFields.description,
    });
    expect((await t.handle.db.select({ id: orders.id }).from(orders)).length).toBe(ordersBefore);
    expect((await documentRows()).length).toBe(documentsBefore);

    await expect(
      postMessage({
        orderId: order!.id,
        viewer: { id: client, role: "client" },
        side: "client",
        kind: "message",
        body: "x",
        files: [upload("c.pdf", PDF)],
      }),
    ).rejects.toBeInstanceOf(ObjectStoreUnavailable);
    expect((await documentRows()).length).toBe(documentsBefore);

    // A case message through its form: refused with 503, the text kept; a report upload: a 503 page.
    const form = new FormData();
    form.append("kind", "message");
    form.append("body", "Here is my passport.");
    form.append("documents", new File([new Uint8Array(PDF)], "passport.pdf", { type: "application/pdf" }));
    const caseOutcome = await handleCasePost({
      request: new Request("http://localhost/case?intent=message", { method: "POST", body: form }),
      viewer: { id: client, role: "client" },
      orderId: order!.id,
      side: "client",
      lang: "ar",
      orderStatus: "processing",
    });
    expect(caseOutcome).toMatchObject({
      kind: "refused",
      status: 503,
      values: { body: "Here is my passport." },
      filesDropped: true,
    });
    expect((caseOutcome as { error: string }).error).toContain("مخزن المستندات");
    const reportForm = new FormData();
    reportForm.append("report", new File([new Uint8Array(PDF)], "report.pdf", { type: "application/pdf" }));
    const reportAnswer = await uploadReport(
      new Request("http://localhost/admin/orders/x", { method: "POST", body: reportForm }),
      { orderId: order!.id, actorId: admin, lang: "en", back: "/admin/orders/x" },
    );
    expect(reportAnswer.status).toBe(503);
    expect(await reportAnswer.text()).toContain("Nothing was saved");
    expect((await documentRows()).length).toBe(documentsBefore);

    // The database copy downloads; a bucket copy answers a clear 503 in the visitor's language.
    expect((await getDocumentForViewer(inDatabase!.id, { id: admin, role: "admin" }))!.data.equals(PDF)).toBe(true);
    const inBucket = (await documentRows()).find((row) => row.storageKey !== null)!;
    const refused = await readStoredData(() => getDocumentForViewer(inBucket.id, { id: admin, role: "admin" }), {
      what: "document",
      lang: "en",
    }).catch((thrown: unknown) => thrown);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(503);
    expect(await (refused as Response).text()).toContain("document store is not answering");
  });

  it("a bucket that hangs does not hang the visitor: the upload answers 503 within seconds", async () => {
    s3.hang(true);
    const ordersBefore = (await t.handle.db.select({ id: orders.id }).from(orders)).length;
    const started = Date.now();
    const outcome = await checkout([{ name: "passport.pdf", data: PDF, type: "application/pdf" }]);
    const took = Date.now() - started;
    expect(outcome).toMatchObject({ kind: "reply", status: 503 });
    expect(took).toBeLessThan(25_000);
    expect((await t.handle.db.select({ id: orders.id }).from(orders)).length).toBe(ordersBefore);
  }, 60_000);

  it("the move commands take every document to the bucket and back, again and again, each still downloadable", async () => {
    // A document from before encryption (plain bytes) moves sealed.
    const [order] = await t.handle.db
      .insert(orders)
      .values({ userId: client, amount: 100, subtotal: 100, status: "processing", paymentStatus: "paid" })
      .returning();
    const [plainRow] = resultRows(
      await t.handle.db.execute(
        sql`insert into order_documents (order_id, kind, file_name, content_type, size_bytes, sha256, data) values (${order!.id}::uuid, 'upload', 'plain.png', 'image/png', ${PNG.length}, ${sha(PNG)}, ${PNG}) returning id::text as id`,
      ),
    );
    const readAll = async () => {
      const rows = await t.handle.db
        .select({ id: orderDocuments.id, sha256: orderDocuments.sha256 })
        .from(orderDocuments);
      for (const row of rows) {
        const doc = await getDocumentForViewer(row.id, { id: admin, role: "admin" });
        expect(sha(doc!.data), `document ${row.id}`).toBe(row.sha256);
      }
      return rows.length;
    };
    const total = await readAll();
    expect(total).toBeGreaterThan(4);

    const toBucket = await moveDocumentsToBucket();
    expect(toBucket).toBeGreaterThan(0);
    let rows = await documentRows();
    expect(rows.every((row) => row.storageKey !== null && s3.objects.has(row.storageKey))).toBe(true);
    const sealed = s3.objects.get(rows.find((row) => row.id === plainRow!.id)!.storageKey!)!;
    expect(sealed.subarray(0, 5).toString("latin1")).toBe("SNDE1");
    expect(await moveDocumentsToBucket(), "nothing left to move").toBe(0);
    expect(await readAll()).toBe(total);

    const toDatabase = await moveDocumentsToDatabase();
    expect(toDatabase).toBe(total);
    rows = await documentRows();
    expect(rows.every((row) => row.storageKey === null)).toBe(true);
    expect(s3.objects.size, "the bucket is emptied").toBe(0);
    expect(await moveDocumentsToDatabase()).toBe(0);
    expect(await readAll()).toBe(total);

    // Interrupted half-way (the bucket drops out after three objects): what moved stays moved,
    // nothing is lost, and running it again finishes the rest.
    s3.downAfterRequests(3);
    await expect(moveDocumentsToBucket()).rejects.toBeInstanceOf(ObjectStoreUnavailable);
    s3.down(false);
    const halfway = (await documentRows()).filter((row) => row.storageKey !== null).length;
    expect(halfway).toBe(3);
    expect(await readAll()).toBe(total);
    expect(await moveDocumentsToBucket()).toBe(total - 3);
    expect(await readAll()).toBe(total);
    // And back, interrupted the same way (a read and a delete per document: the third's delete
    // fails, which leaves a sealed object named by no row, and the fourth's read), then finished.
    s3.downAfterRequests(5);
    await expect(moveDocumentsToDatabase()).rejects.toBeInstanceOf(ObjectStoreUnavailable);
    s3.down(false);
    expect((await documentRows()).filter((row) => row.storageKey === null).length).toBe(3);
    expect(await readAll()).toBe(total);
    expect(await moveDocumentsToDatabase()).toBe(total - 3);
    expect(await readAll()).toBe(total);
    expect(await moveDocumentsToBucket()).toBe(total);
    expect(await readAll()).toBe(total);
  });

  it("a key rotation re-seals the bucket's documents under the newest key", async () => {
    const oldKeys = process.env.DATA_ENCRYPTION_KEYS!;
    const newKey = crypto.randomBytes(32).toString("base64");
    try {
      process.env.DATA_ENCRYPTION_KEYS = `${newKey},${oldKeys}`;
      resetKeyRing();
      resetEnvForTests();
      const inBucket = (await documentRows()).filter((row) => row.storageKey !== null);
      expect(inBucket.length).toBeGreaterThan(0);
      expect(await resealBucketDocuments()).toBe(inBucket.length);
      expect(await resealBucketDocuments(), "done ones are left alone").toBe(0);
      // Readable with the new key alone; the old objects are gone.
      process.env.DATA_ENCRYPTION_KEYS = newKey;
      resetKeyRing();
      for (const row of inBucket) {
        expect(s3.objects.has(row.storageKey!)).toBe(false);
        const doc = await getDocumentForViewer(row.id, { id: admin, role: "admin" });
        expect(sha(doc!.data)).toBe(doc!.sha256);
      }
    } finally {
      process.env.DATA_ENCRYPTION_KEYS = oldKeys;
      resetKeyRing();
      resetEnvForTests();
    }
  });

  it("a row holds its bytes in exactly one place", async () => {
    const [order] = await t.handle.db.insert(orders).values({ userId: client, amount: 100, subtotal: 100 }).returning();
    const base = {
      orderId: order!.id,
      kind: "upload" as const,
      fileName: "x.pdf",
      contentType: "application/pdf",
      sizeBytes: 1,
      sha256: "0",
    };
    await expect(
      t.handle.db.insert(orderDocuments).values({ ...base, data: null, storageKey: null }),
    ).rejects.toThrow();
    await expect(
      t.handle.db.insert(orderDocuments).values({ ...base, data: PDF, storageKey: "documents/both" }),
    ).rejects.toThrow();
  });

  it("documents past their retention period leave the bucket with their rows", async () => {
    const longAgo = new Date(Date.now() - 2 * 365 * 24 * 60 * 60 * 1000);
    const [ended] = await t.handle.db
      .insert(orders)
      .values({ userId: client, amount: 100, subtotal: 100, status: "completed", updatedAt: longAgo })
      .returning();
    const [open] = await t.handle.db
      .insert(orders)
      .values({ userId: client, amount: 100, subtotal: 100, status: "processing" })
      .returning();
    const keyOf = async (orderId: string) => {
      await withStoredFiles([upload("old.pdf", PDF)], ([placed]) =>
        t.handle.db.insert(orderDocuments).values({
          orderId,
          kind: "upload",
          fileName: "old.pdf",
          contentType: "application/pdf",
          sizeBytes: PDF.length,
          sha256: sha(PDF),
          data: null,
          storageKey: placed!.storageKey,
        }),
      );
      const [row] = await t.handle.db
        .select({ key: orderDocuments.storageKey })
        .from(orderDocuments)
        .where(eq(orderDocuments.orderId, orderId));
      return row!.key!;
    };
    const gone = await keyOf(ended!.id);
    const kept = await keyOf(open!.id);
    expect(await RETENTION_JOBS["order-documents"](new Date())).toBeGreaterThanOrEqual(1);
    expect(s3.objects.has(gone)).toBe(false);
    expect(s3.objects.has(kept)).toBe(true);
  });

  it("a closed account's documents leave the bucket with their rows", async () => {
    const keys = (await documentRows()).filter((row) => row.storageKey !== null).map((row) => row.storageKey!);
    expect(keys.length).toBeGreaterThan(0);
    await anonymiseAccount(client);
    expect((await documentRows()).filter((row) => row.storageKey !== null)).toHaveLength(0);
    for (const key of keys) expect(s3.objects.has(key), key).toBe(false);
  });
});
