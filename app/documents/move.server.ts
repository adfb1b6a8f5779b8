import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import {
  bytesKeyId,
  DataIntegrityError,
  decryptBytes,
  encryptBytes,
  isEncryptedBytes,
  keyRing,
} from "../../db/encryption";
import { resultRows } from "../../db/rows";
import { db, type Queryable } from "../db.server";
import {
  deleteObjects,
  DOCUMENT_PURPOSE,
  getSealed,
  newObjectKey,
  objectStoreConfigured,
  putDocument,
  putSealed,
} from "./object-store.server";

/** Rows per query: documents are up to 10 MB each. */
const BATCH = 20;

export type MoveProgress = (done: number) => void;

function toBuffer(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  // postgres.js without a bytea parser answers "\x…" text.
  if (typeof value === "string" && value.startsWith("\\x")) return Buffer.from(value.slice(2), "hex");
  throw new Error("unexpected bytea value from the database driver");
}

/** The sealed bytes open with a key we hold and give the content the row was stored with: checked before the old copy goes. */
function verify(sealed: Buffer, sha256: string, id: string) {
  if (!isEncryptedBytes(sealed))
    throw new DataIntegrityError(`document ${id}: its stored copy is not sealed; left where it is`);
  const plain = decryptBytes(sealed, DOCUMENT_PURPOSE);
  if (crypto.createHash("sha256").update(plain).digest("hex") !== sha256)
    throw new Error(`document ${id}: its content does not match its recorded SHA-256; left where it is`);
}

/**
 * The documents whose bytes are in the bucket (or in the database), a batch at a time in id order,
 * so each walk holds at most one batch and a run stopped half-way simply starts again.
 */
async function* documentBatches(database: Queryable, place: "bucket" | "database") {
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const rows = resultRows(
      await database.execute(
        place === "bucket"
          ? sql`select id::text as id, sha256, storage_key from order_documents where storage_key is not null and id > ${after}::uuid order by id limit ${BATCH}`
          : sql`select id::text as id, sha256, data from order_documents where storage_key is null and id > ${after}::uuid order by id limit ${BATCH}`,
      ),
    );
    if (rows.length === 0) return;
    after = String(rows.at(-1)!.id);
    yield rows;
  }
}

/**
 * Moves documents stored in the database to the bucket, a batch at a time: each is copied as it
 * is sealed (a document from before encryption is sealed on the way), checked, and only then does
 * its row name the object and drop its bytes, in one statement. Safe to stop and run again: a row
 * done no longer matches; one interrupted between the copy and the update still has its bytes and
 * is copied again (the first object, named by no row, is left over, sealed).
 */
export async function moveDocumentsToBucket({
  database = db,
  onBatch,
}: { database?: Queryable; onBatch?: MoveProgress } = {}): Promise<number> {
  if (!objectStoreConfigured()) throw new Error("S3_BUCKET is not configured: there is no bucket to move documents to");
  let moved = 0;
  for await (const rows of documentBatches(database, "database")) {
    for (const row of rows) {
      const id = String(row.id);
      const stored = toBuffer(row.data);
      const sealed = isEncryptedBytes(stored) ? stored : encryptBytes(stored, DOCUMENT_PURPOSE);
      verify(sealed, String(row.sha256), id);
      const key = newObjectKey();
      await putSealed(key, sealed);
      let updated: unknown[];
      try {
        updated = resultRows(
          await database.execute(
            sql`update order_documents set storage_key = ${key}, data = null where id = ${id}::uuid and storage_key is null returning id`,
          ),
        );
      } catch (error) {
        await deleteObjects([key]);
        throw error;
      }
      // Deleted (or moved by another run) meanwhile: the copy is not needed.
      if (updated.length === 0) await deleteObjects([key]);
      else moved += 1;
    }
    onBatch?.(moved);
  }
  return moved;
}

/**
 * Moves documents from the bucket back into the database, a batch at a time: the sealed object is
 * read, checked, written into its row (which stops naming the object) and only then deleted from
 * the bucket. Safe to stop and run again; an object whose row was updated but which was not yet
 * deleted is left over, sealed and named by no row.
 */
export async function moveDocumentsToDatabase({
  database = db,
  onBatch,
}: { database?: Queryable; onBatch?: MoveProgress } = {}): Promise<number> {
  if (!objectStoreConfigured())
    throw new Error(
      "S3_BUCKET is not configured: the bucket the documents are in must be configured to move them back",
    );
  let moved = 0;
  for await (const rows of documentBatches(database, "bucket")) {
    for (const row of rows) {
      const id = String(row.id);
      const key = String(row.storage_key);
      const sealed = await getSealed(key);
      verify(sealed, String(row.sha256), id);
      const updated = resultRows(
        await database.execute(
          sql`update order_documents set data = ${sealed}, storage_key = null where id = ${id}::uuid and storage_key = ${key} returning id`,
        ),
      );
      if (updated.length > 0) {
        moved += 1;
        await deleteObjects([key]);
      }
    }
    onBatch?.(moved);
  }
  return moved;
}

/**
 * Key rotation for the bucket (`npm run data:reencrypt`): every object not sealed with the newest
 * key is opened and sealed again under it as a new object; the row then names the new one and the
 * old is deleted. Safe to stop and run again, like the moves.
 */
export async function resealBucketDocuments({ database = db }: { database?: Queryable } = {}): Promise<number> {
  if (!objectStoreConfigured()) return 0;
  const newest = keyRing().primary.id;
  let resealed = 0;
  for await (const rows of documentBatches(database, "bucket")) {
    for (const row of rows) {
      const id = String(row.id);
      const oldKey = String(row.storage_key);
      const sealed = await getSealed(oldKey);
      if (bytesKeyId(sealed) === newest) continue;
      verify(sealed, String(row.sha256), id);
      const newKey = await putDocument(decryptBytes(sealed, DOCUMENT_PURPOSE));
      const updated = resultRows(
        await database.execute(
          sql`update order_documents set storage_key = ${newKey} where id = ${id}::uuid and storage_key = ${oldKey} returning id`,
        ),
      );
      await deleteObjects([updated.length > 0 ? oldKey : newKey]);
      if (updated.length > 0) resealed += 1;
    }
  }
  return resealed;
}
