import { DataIntegrityError, UnknownDataKeyError } from "../../db/encryption";
import { objectStoreUnavailableResponse, ObjectStoreUnavailable } from "../documents/documents.server";
import type { Lang } from "../i18n/lang";

const text = {
  en: (keyId: string | null) =>
    keyId
      ? `This file cannot be opened: it is stored encrypted with key ${keyId}, which this server is not configured with. Please tell us; nothing is lost.`
      : "This file cannot be opened: its stored copy does not pass the integrity check. Please tell us.",
  ar: (keyId: string | null) =>
    keyId
      ? `تعذّر فتح هذا الملف: فهو محفوظ مشفّراً بالمفتاح ${keyId} غير المُعدّ على هذا الخادم. يُرجى إبلاغنا؛ لم يُفقد شيء.`
      : "تعذّر فتح هذا الملف: نسخته المحفوظة لم تجتز فحص السلامة. يُرجى إبلاغنا.",
};

/**
 * Runs a read of encrypted data. A value sealed with a key this server does not hold (or altered)
 * answers 503 with a short message naming the key id, never a 500 page or the stored bytes; the
 * log names the row.
 */
export async function readStoredData<T>(read: () => Promise<T>, context: { what: string; lang: Lang }): Promise<T> {
  try {
    return await read();
  } catch (thrown) {
    if (thrown instanceof ObjectStoreUnavailable)
      throw objectStoreUnavailableResponse(context.lang, "download", thrown);
    const error = dataError(thrown);
    if (!error) throw thrown;
    console.error(`${context.what}: ${error.message}`);
    const keyId = error instanceof UnknownDataKeyError ? error.keyId : null;
    throw new Response(text[context.lang](keyId), {
      status: 503,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  }
}

/** The decryption failure behind an error (the driver layer may wrap it), if that is what it is. */
function dataError(error: unknown): UnknownDataKeyError | DataIntegrityError | null {
  for (
    let current = error, depth = 0;
    current && depth < 5;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    if (current instanceof UnknownDataKeyError || current instanceof DataIntegrityError) return current;
  }
  return null;
}
