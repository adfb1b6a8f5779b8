import crypto from "node:crypto";
import { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import {
  DataIntegrityError,
  decryptBytes,
  encryptedLength,
  encryptingChunks,
  isEncryptedBytes,
} from "../../db/encryption";
import { getEnv, type Env } from "../env.server";

/**
 * Documents in object storage (docs/decisions/101). With S3_BUCKET set, new documents are kept
 * in the bucket (AWS S3, Cloudflare R2, MinIO), sealed exactly as the database column seals them
 * (AES-256-GCM, purpose "order_documents.data"), so a copy moves between bucket and database as it
 * is. The object's key is random and says nothing about the order or the client.
 */
export const DOCUMENT_PURPOSE = "order_documents.data";

/** Every object this application writes is under this prefix. */
export const OBJECT_PREFIX = "documents/";

/** The bucket could not be reached (or refused): the caller answers 503, nothing was kept. */
export class ObjectStoreUnavailable extends Error {
  override name = "ObjectStoreUnavailable";
}

// Short limits: a hanging bucket must not hang the visitor's request (connection, idle socket,
// whole request; one retry). A 10 MB upload takes well under the request limit on any sane link.
const TIMEOUTS = {
  connectionTimeout: 2_000,
  socketTimeout: 5_000,
  requestTimeout: 20_000,
  throwOnRequestTimeout: true,
};

type Holder = { client?: S3Client; signature?: string };
const holderKey = Symbol.for("sanad.object-store");
function holder(): Holder {
  const g = globalThis as { [holderKey]?: Holder };
  g[holderKey] ??= {};
  return g[holderKey];
}

type S3Settings = Pick<
  Env,
  "S3_BUCKET" | "S3_REGION" | "S3_ENDPOINT" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_FORCE_PATH_STYLE"
>;

/** True when documents go to a bucket (S3_BUCKET and its settings are configured). */
export function objectStoreConfigured(env: S3Settings = getEnv()): boolean {
  return Boolean(env.S3_BUCKET);
}

function client(env: S3Settings = getEnv()): { s3: S3Client; bucket: string } {
  if (!env.S3_BUCKET) throw new Error("S3_BUCKET is not configured");
  const h = holder();
  // Tests switch the configuration inside one process: one client per configuration.
  const signature = JSON.stringify([
    env.S3_BUCKET,
    env.S3_REGION,
    env.S3_ENDPOINT,
    env.S3_ACCESS_KEY_ID,
    env.S3_FORCE_PATH_STYLE,
  ]);
  if (!h.client || h.signature !== signature) {
    h.client?.destroy();
    h.client = new S3Client({
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      credentials: { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! },
      maxAttempts: 2,
      requestHandler: TIMEOUTS,
      // Checksums only where S3 demands them: R2 and MinIO differ on the newer ones, and every
      // object already carries an authentication tag of its own.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    h.signature = signature;
  }
  return { s3: h.client, bucket: env.S3_BUCKET };
}

/** A fresh, unguessable object key (256 random bits). */
export function newObjectKey() {
  return OBJECT_PREFIX + crypto.randomBytes(32).toString("base64url");
}

function unavailable(what: string, error: unknown): ObjectStoreUnavailable {
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new ObjectStoreUnavailable(`object storage: ${what} failed (${reason})`, { cause: error });
}

/**
 * Encrypts `plain` and writes it to a new object; returns its key. The ciphertext is produced as
 * the SDK sends it (64 KiB at a time), so no second copy of the file is held.
 */
export async function putDocument(plain: Buffer): Promise<string> {
  const { s3, bucket } = client();
  const key = newObjectKey();
  try {
    await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: Readable.from(encryptingChunks(plain, DOCUMENT_PURPOSE)),
        ContentLength: encryptedLength(plain.length),
        ContentType: "application/octet-stream",
      }),
    );
  } catch (error) {
    throw unavailable("storing a document", error);
  }
  return key;
}

/** Writes bytes already sealed (a move from the database) to `key`. */
export async function putSealed(key: string, sealed: Buffer): Promise<void> {
  const { s3, bucket } = client();
  try {
    await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: sealed,
        ContentLength: sealed.length,
        ContentType: "application/octet-stream",
      }),
    );
  } catch (error) {
    throw unavailable("storing a document", error);
  }
}

/** The sealed bytes of an object, as stored. */
export async function getSealed(key: string): Promise<Buffer> {
  const { s3, bucket } = client();
  try {
    const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    if (!answer.Body) throw new Error("empty answer");
    return Buffer.from(await answer.Body.transformToByteArray());
  } catch (error) {
    throw unavailable(`reading ${key}`, error);
  }
}

/** The decrypted content of an object (decryption failures surface as the database's would). */
export async function getDocument(key: string): Promise<Buffer> {
  const sealed = await getSealed(key);
  // Everything we put in the bucket is sealed: anything else was not written by us, never served.
  if (!isEncryptedBytes(sealed)) throw new DataIntegrityError(`${DOCUMENT_PURPOSE}: object ${key} is not sealed`);
  return decryptBytes(sealed, DOCUMENT_PURPOSE);
}

/** Deletes objects, best effort: a failure is logged, never thrown (an orphan costs storage, not privacy: it is sealed). */
export async function deleteObjects(keys: readonly string[]): Promise<void> {
  if (keys.length === 0 || !objectStoreConfigured()) return;
  const { s3, bucket } = client();
  await Promise.all(
    keys.map(async (key) => {
      try {
        await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        console.error(unavailable(`deleting ${key}`, error).message);
      }
    }),
  );
}
