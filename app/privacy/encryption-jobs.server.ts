import { sql } from "drizzle-orm";
import {
  BINARY_HEADER_BYTES,
  decryptBytes,
  decryptText,
  encryptBytes,
  encryptText,
  keyRing,
} from "../../db/encryption";
import { resultRows } from "../../db/rows";
import { db, type Queryable } from "../db.server";

/** Rows handled per statement: documents are up to 10 MB each. */
const BATCH = 20;

export type ReencryptionResult = { documents: number; exports: number; secrets: number };

/**
 * Encrypts what is stored in plain (rows written before encryption existed) and, with
 * `rotate`, re-encrypts rows sealed with an older key under the newest one (the first of
 * DATA_ENCRYPTION_KEYS). Reads and writes the raw column values, so it never goes through
 * the columns' own encryption. Safe to run again; rows are done one by one.
 */
export async function reencryptStoredData({
  rotate = false,
  database = db,
}: { rotate?: boolean; database?: Queryable } = {}): Promise<ReencryptionResult> {
  const ring = keyRing();
  const header = Buffer.concat([Buffer.from("SNDE1", "latin1"), Buffer.from(ring.primary.id, "hex")]);
  const needsWork = (column: string) =>
    rotate
      ? sql.raw(`substring(${column} from 1 for ${BINARY_HEADER_BYTES}) <> '\\x${header.toString("hex")}'::bytea`)
      : sql.raw(`substring(${column} from 1 for 5) <> '\\x${header.subarray(0, 5).toString("hex")}'::bytea`);

  const binary = async (table: string, column: string, purpose: string) => {
    let done = 0;
    for (;;) {
      // The condition is exact (no header, or another key's), so a row done no longer matches.
      const rows = resultRows(
        await database.execute(
          sql`select id::text as id, ${sql.raw(column)} as value from ${sql.raw(table)} where ${needsWork(column)} limit ${BATCH}`,
        ),
      );
      if (rows.length === 0) return done;
      for (const row of rows) {
        const sealed = encryptBytes(decryptBytes(toBuffer(row.value), purpose, ring), purpose, ring);
        await database.execute(
          sql`update ${sql.raw(table)} set ${sql.raw(column)} = ${sealed} where id = ${String(row.id)}::uuid`,
        );
        done += 1;
      }
    }
  };

  const text = async (column: string, purpose: string) => {
    const condition = rotate
      ? sql.raw(`${column} not like 'enc1:${ring.primary.id}:%'`)
      : sql.raw(`${column} not like 'enc1:%'`);
    const rows = resultRows(
      await database.execute(
        sql`select id::text as id, ${sql.raw(column)} as value from users where ${sql.raw(column)} is not null and ${condition}`,
      ),
    );
    let done = 0;
    for (const row of rows) {
      const sealed = encryptText(decryptText(String(row.value), purpose, ring), purpose, ring);
      await database.execute(sql`update users set ${sql.raw(column)} = ${sealed} where id = ${String(row.id)}::uuid`);
      done += 1;
    }
    return done;
  };

  const documents = await binary("order_documents", "data", "order_documents.data");
  const exports = await binary("data_exports", "archive", "data_exports.archive");
  const secrets =
    (await text("totp_secret", "users.totp_secret")) + (await text("totp_pending_secret", "users.totp_pending_secret"));
  return { documents, exports, secrets };
}

function toBuffer(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  // postgres.js without a bytea parser answers "\x…" text.
  if (typeof value === "string" && value.startsWith("\\x")) return Buffer.from(value.slice(2), "hex");
  throw new Error("unexpected bytea value from the database driver");
}
