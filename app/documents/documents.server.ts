import { eq, inArray } from "drizzle-orm";
import { orderDocuments } from "../../db/schema";
import { db } from "../db.server";
import type { Lang } from "../i18n/lang";
import type { UploadedFile } from "../orders/uploads.server";
import {
  deleteObjects,
  getDocument,
  objectStoreConfigured,
  type ObjectStoreUnavailable,
  putDocument,
} from "./object-store.server";

export { ObjectStoreUnavailable } from "./object-store.server";

/** A checked upload ready for its row: the content in the row (`data`) or in the bucket (`storageKey`), never both. */
export type StoredFile = Omit<UploadedFile, "data"> & { data: Buffer | null; storageKey: string | null };

/**
 * Runs `store` (the transaction that inserts the documents' rows) with the files' content placed:
 * in the database as before, or, with a bucket configured, written to the bucket first. If the
 * transaction fails the objects are deleted (best effort), and objects no committed row names (a
 * refused post, a repeated submission answered with the first one's result) go too: nothing
 * half-stored stays visible. Throws ObjectStoreUnavailable, before any row is written, when the
 * bucket cannot take the files.
 */
export async function withStoredFiles<T>(
  files: readonly UploadedFile[],
  store: (placed: StoredFile[]) => Promise<T>,
): Promise<T> {
  if (files.length === 0 || !objectStoreConfigured())
    return store(files.map((file) => ({ ...file, storageKey: null })));
  const keys: string[] = [];
  const placed: StoredFile[] = [];
  try {
    // One at a time: a 10 MB file's ciphertext is streamed, and two cores are shared with the rest.
    for (const file of files) {
      const key = await putDocument(file.data);
      keys.push(key);
      placed.push({ ...file, data: null, storageKey: key });
    }
  } catch (error) {
    await deleteObjects(keys);
    throw error;
  }
  let result: T;
  try {
    result = await store(placed);
  } catch (error) {
    await deleteObjects(keys);
    throw error;
  }
  const kept = await db
    .select({ key: orderDocuments.storageKey })
    .from(orderDocuments)
    .where(inArray(orderDocuments.storageKey, keys));
  const named = new Set(kept.map((row) => row.key));
  await deleteObjects(keys.filter((key) => !named.has(key)));
  return result;
}

/** A document's content, from wherever it lives (decrypted). */
export async function documentContent(row: { data: Buffer | null; storageKey: string | null }): Promise<Buffer> {
  if (row.storageKey) return getDocument(row.storageKey);
  if (!row.data) throw new Error("document row without content");
  return row.data;
}

/** The content of a document by id, or null when there is no such row. */
export async function documentContentById(documentId: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ data: orderDocuments.data, storageKey: orderDocuments.storageKey })
    .from(orderDocuments)
    .where(eq(orderDocuments.id, documentId));
  return row ? documentContent(row) : null;
}

const unavailableText = {
  en: {
    upload:
      "Your documents could not be stored just now: our document store is not answering. Nothing was saved; please try again in a few minutes.",
    download:
      "This file cannot be fetched just now: our document store is not answering. Nothing is lost; please try again in a few minutes.",
  },
  ar: {
    upload:
      "تعذّر حفظ مستنداتك الآن لأن مخزن المستندات لدينا لا يستجيب. لم يُحفظ شيء؛ يُرجى المحاولة مرة أخرى بعد بضع دقائق.",
    download:
      "تعذّر جلب هذا الملف الآن لأن مخزن المستندات لدينا لا يستجيب. لم يُفقد شيء؛ يُرجى المحاولة مرة أخرى بعد بضع دقائق.",
  },
} as const;

/** What to tell the visitor when the bucket is down, in their language. */
export function objectStoreUnavailableMessage(lang: Lang, what: "upload" | "download") {
  return unavailableText[lang][what];
}

/** A 503 answer (plain text, in the visitor's language) for an upload or download the bucket could not serve. */
export function objectStoreUnavailableResponse(
  lang: Lang,
  what: "upload" | "download",
  error?: ObjectStoreUnavailable,
) {
  if (error) console.error(error.message);
  return new Response(objectStoreUnavailableMessage(lang, what), {
    status: 503,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": "60",
      "X-Content-Type-Options": "nosniff",
      "Content-Language": lang,
    },
  });
}
