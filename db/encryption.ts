import crypto from "node:crypto";
import path from "node:path";
import { secretInDataFolder } from "./data-folder-secret";

/**
 * Encryption at rest (docs/decisions/081): documents, reports, export archives and two-factor
 * secrets are stored AES-256-GCM encrypted. Keys come from DATA_ENCRYPTION_KEYS (comma-separated,
 * each 32 random bytes as base64 or hex): the first encrypts, all decrypt. A key is named by its
 * id, the first 8 hex digits of a SHA-256 of it, which every encrypted value carries.
 *
 * Binary layout: "SNDE" · version 1 · key id (4 bytes) · IV (12) · ciphertext · tag (16).
 * Text layout:   "enc1:<key id>:<base64 of IV · ciphertext · tag>".
 * A value without the header is plaintext written before encryption existed; it is read as it
 * is until the start-up job (app/privacy/encryption-jobs.server.ts) encrypts it.
 */

const MAGIC = Buffer.from("SNDE1", "latin1");
const KEY_ID_BYTES = 4;
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const BINARY_HEADER_BYTES = MAGIC.length + KEY_ID_BYTES;
const TEXT_PREFIX = "enc1:";

export type DataKey = { id: string; key: Buffer };
export type KeyRing = { primary: DataKey; byId: Map<string, DataKey> };

/** A stored value names a key this server does not hold: the message names the key, never the bytes. */
export class UnknownDataKeyError extends Error {
  override name = "UnknownDataKeyError";
  constructor(
    readonly keyId: string,
    readonly what: string,
  ) {
    super(
      `${what} is encrypted with key ${keyId}, which DATA_ENCRYPTION_KEYS does not hold (add that key back to the list to read it)`,
    );
  }
}

/** The value is damaged or was changed: the authentication tag does not match. */
export class DataIntegrityError extends Error {
  override name = "DataIntegrityError";
}

export function keyId(key: Buffer) {
  return crypto
    .createHash("sha256")
    .update("sanad-data-key:")
    .update(key)
    .digest("hex")
    .slice(0, KEY_ID_BYTES * 2);
}

/** Reads one key: 64 hex digits or base64/base64url of 32 bytes; null when it is neither. */
export function parseDataKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const key = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    return key.length === 32 ? key : null;
  }
  return null;
}

/** The key list of DATA_ENCRYPTION_KEYS; throws with a message naming the variable (never the key). */
export function parseKeyList(value: string): Buffer[] {
  const parts = value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) throw new Error("DATA_ENCRYPTION_KEYS must hold at least one key");
  return parts.map((part, index) => {
    const key = parseDataKey(part);
    if (!key)
      throw new Error(
        `DATA_ENCRYPTION_KEYS key ${index + 1} must be 32 random bytes as base64 or 64 hex digits (e.g. openssl rand -base64 32)`,
      );
    return key;
  });
}

export function makeKeyRing(keys: Buffer[]): KeyRing {
  const list = keys.map((key) => ({ id: keyId(key), key }));
  return { primary: list[0]!, byId: new Map(list.map((k) => [k.id, k])) };
}

/** The file outside production where a generated key is kept (like the session secret). */
export const DEVELOPMENT_KEY_FILE = ".data-encryption-key";

/** Outside production a random key is made once and kept in the data folder, so stored files stay readable across restarts. */
export function developmentDataKey(dataDir: string): string {
  return secretInDataFolder(dataDir, DEVELOPMENT_KEY_FILE, "base64");
}

/**
 * Production without DATA_ENCRYPTION_KEYS: one key per SESSION_SECRET value (HKDF-SHA256), in the
 * same order, so every replica that shares the session secret shares the data key and the key is
 * never stored beside the data. Rotating the session secret then rotates the data key: keep the
 * old secret listed until `npm run data:reencrypt` has run (docs/decisions/086).
 */
export function dataKeysFromSessionSecrets(secrets: string[]): string {
  return secrets
    .map((secret) =>
      Buffer.from(crypto.hkdfSync("sha256", secret, "sanad-data-encryption", "data-encryption-key", 32)).toString(
        "base64",
      ),
    )
    .join(",");
}

// server.ts and the Remix build are two bundles: the key ring lives on globalThis, made once.
const ringKey = Symbol.for("sanad.data-key-ring");
type RingHolder = { [ringKey]?: KeyRing };

/**
 * The process's key ring, from DATA_ENCRYPTION_KEYS, else in production the keys derived from
 * SESSION_SECRET, else the generated key of DATA_DIR. Production without either is refused by
 * the configuration check at start (app/env.server.ts), before anything is stored.
 */
export function keyRing(): KeyRing {
  const holder = globalThis as RingHolder;
  if (!holder[ringKey]) {
    const configured = process.env.DATA_ENCRYPTION_KEYS?.trim();
    const sessionSecrets = (process.env.SESSION_SECRET ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    let list = configured;
    if (!list && process.env.NODE_ENV === "production") {
      if (sessionSecrets.length === 0)
        throw new Error("DATA_ENCRYPTION_KEYS or SESSION_SECRET is required in production");
      list = dataKeysFromSessionSecrets(sessionSecrets);
    }
    list ||= developmentDataKey(path.resolve(process.env.DATA_DIR?.trim() || "./data"));
    holder[ringKey] = makeKeyRing(parseKeyList(list));
  }
  return holder[ringKey];
}

/** Tests and the re-encryption command: forget the key ring so the next use reads the environment again. */
export function resetKeyRing() {
  delete (globalThis as RingHolder)[ringKey];
}

function seal(plain: Buffer, key: DataKey, purpose: string) {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", key.key, iv);
  // The purpose (table and column) is authenticated: a value copied into another column does not open.
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

function open(sealed: Buffer, key: DataKey, purpose: string) {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new DataIntegrityError(`${purpose}: encrypted value is too short`);
  const decipher = crypto.createDecipheriv("aes-256-gcm", key.key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(purpose));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new DataIntegrityError(
      `${purpose}: encrypted value does not authenticate with key ${key.id} (damaged or altered)`,
    );
  }
}

export function isEncryptedBytes(value: Buffer | Uint8Array) {
  return value.length >= BINARY_HEADER_BYTES && Buffer.from(value.buffer, value.byteOffset, MAGIC.length).equals(MAGIC);
}

/** The key id an encrypted value names, or null for plaintext. */
export function bytesKeyId(value: Buffer | Uint8Array): string | null {
  return isEncryptedBytes(value)
    ? Buffer.from(value.buffer, value.byteOffset + MAGIC.length, KEY_ID_BYTES).toString("hex")
    : null;
}

export function encryptBytes(plain: Buffer, purpose: string, ring: KeyRing = keyRing()): Buffer {
  return Buffer.concat([MAGIC, Buffer.from(ring.primary.id, "hex"), seal(plain, ring.primary, purpose)]);
}

/** The size of `encryptBytes` of a value of `plainLength` bytes. */
export function encryptedLength(plainLength: number) {
  return BINARY_HEADER_BYTES + IV_BYTES + plainLength + TAG_BYTES;
}

/**
 * The same bytes as `encryptBytes(plain, purpose)`, produced a slice at a time: an upload to object
 * storage streams them instead of holding a second, encrypted copy of the file.
 */
export function* encryptingChunks(
  plain: Buffer,
  purpose: string,
  ring: KeyRing = keyRing(),
  slice = 64 * 1024,
): Generator<Buffer> {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", ring.primary.key, iv);
  cipher.setAAD(Buffer.from(purpose));
  yield Buffer.concat([MAGIC, Buffer.from(ring.primary.id, "hex"), iv]);
  for (let offset = 0; offset < plain.length; offset += slice)
    yield cipher.update(plain.subarray(offset, offset + slice));
  yield Buffer.concat([cipher.final(), cipher.getAuthTag()]);
}

/** Decrypts a stored value; plaintext from before encryption is returned as it is. */
export function decryptBytes(stored: Buffer | Uint8Array, purpose: string, ring: KeyRing = keyRing()): Buffer {
  const value = Buffer.isBuffer(stored) ? stored : Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  const id = bytesKeyId(value);
  if (id === null) return value;
  const key = ring.byId.get(id);
  if (!key) throw new UnknownDataKeyError(id, purpose);
  return open(value.subarray(BINARY_HEADER_BYTES), key, purpose);
}

export function isEncryptedText(value: string) {
  return value.startsWith(TEXT_PREFIX);
}

export function textKeyId(value: string): string | null {
  return isEncryptedText(value) ? value.slice(TEXT_PREFIX.length, TEXT_PREFIX.length + KEY_ID_BYTES * 2) : null;
}

export function encryptText(plain: string, purpose: string, ring: KeyRing = keyRing()): string {
  return `${TEXT_PREFIX}${ring.primary.id}:${seal(Buffer.from(plain, "utf8"), ring.primary, purpose).toString("base64")}`;
}

export function decryptText(stored: string, purpose: string, ring: KeyRing = keyRing()): string {
  const id = textKeyId(stored);
  if (id === null) return stored;
  const key = ring.byId.get(id);
  if (!key) throw new UnknownDataKeyError(id, purpose);
  return open(Buffer.from(stored.slice(TEXT_PREFIX.length + KEY_ID_BYTES * 2 + 1), "base64"), key, purpose).toString(
    "utf8",
  );
}
