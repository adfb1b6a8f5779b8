import { sql } from "drizzle-orm";
import { customType, timestamp, uuid } from "drizzle-orm/pg-core";
import { decryptBytes, decryptText, encryptBytes, encryptText } from "../encryption";

/** Shared column shapes: uuid keys made by the database, timestamps with time zone. */
export const id = () =>
  uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`);
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** Binary content (uploaded documents), read and written as Node Buffers on both drivers. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Binary content stored AES-256-GCM encrypted (db/encryption.ts): written encrypted with the
 * newest key, read back decrypted. `purpose` (table.column) is bound into every value.
 */
export const encryptedBytea = (name: string, purpose: string) =>
  customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
    dataType: () => "bytea",
    toDriver: (value) => encryptBytes(value, purpose),
    fromDriver: (value) => decryptBytes(value, purpose),
  })(name);

/** Text stored encrypted (two-factor secrets), as "enc1:<key id>:<base64>". */
export const encryptedText = (name: string, purpose: string) =>
  customType<{ data: string; driverData: string }>({
    dataType: () => "text",
    toDriver: (value) => encryptText(value, purpose),
    fromDriver: (value) => decryptText(value, purpose),
  })(name);
