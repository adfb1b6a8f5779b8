import crypto from "node:crypto";
import { eq, lt } from "drizzle-orm";
import { submissionKeys } from "../../db/schema";
import { db, type Queryable, type Transaction } from "../db.server";
import { CSRF_FIELD } from "../http/csrf";

/**
 * The server half of the resilient submit path (app/forms/submission.ts): an action carries out a
 * submission once per key. The key is the form's token (SubmissionKey, a UUID) under a scope
 * naming the action and, where it matters, who sent it ("checkout:<user id>"): a token alone
 * never reaches another visitor's result.
 */
const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How long a key is remembered: far longer than any retry. */
export const SUBMISSION_KEY_DAYS = 3;

/** The form's token (SubmissionKey), or undefined when it carried none that is valid. */
export function submissionToken(form: { get(name: string): FormDataEntryValue | null }): string | undefined {
  const token = form.get("submissionId");
  return typeof token === "string" && TOKEN.test(token) ? token.toLowerCase() : undefined;
}

type PostedForm = {
  get(name: string): FormDataEntryValue | null;
  entries?(): IterableIterator<[string, FormDataEntryValue]>;
};

/**
 * The key of a posted form under a scope, or null when the form carried no valid token. The key
 * ends with a fingerprint of what was sent: a retry or a double click sends the same fields and is
 * stored once, while a different submission from a page the browser kept (the same token: an
 * anonymous page answered 304 from the page cache, docs/decisions/054) is a submission of its own.
 */
export function submissionKeyOf(form: PostedForm, scope: string): string | null {
  const token = submissionToken(form);
  if (!token) return null;
  if (!form.entries) return `${scope}:${token}`;
  const fields = [...form.entries()]
    .filter(([name]) => name !== "submissionId" && name !== CSRF_FIELD)
    .map(([name, value]) => [
      name,
      typeof value === "string" ? value : { file: value.name, size: value.size, type: value.type },
    ]);
  return `${scope}:${token}:${contentFingerprint(fields)}`;
}

/** A short, stable digest of submitted values (JSON-serialisable). */
export function contentFingerprint(values: unknown): string {
  return crypto.createHash("sha256").update(JSON.stringify(values)).digest("base64url").slice(0, 16);
}

class RepeatedSubmission extends Error {}

/**
 * Runs `work` in a transaction that also records the key. A key seen before returns the first
 * result without running `work` again; two requests racing with one key run it once (the second
 * waits on the key's row and then reads the first one's result).
 */
export async function once<T>(
  key: string | null,
  work: (tx: Transaction) => Promise<T>,
  tx: Queryable = db,
): Promise<{ result: T; repeated: boolean }> {
  if (!key) return { result: await tx.transaction(work), repeated: false };
  const earlier = await resultOf<T>(key, tx);
  if (earlier.found) return { result: earlier.result, repeated: true };
  try {
    const result = await tx.transaction(async (inner) => {
      const claimed = await inner
        .insert(submissionKeys)
        .values({ key })
        .onConflictDoNothing()
        .returning({ key: submissionKeys.key });
      if (claimed.length === 0) throw new RepeatedSubmission();
      const value = await work(inner);
      await inner
        .update(submissionKeys)
        .set({ result: value ?? null })
        .where(eq(submissionKeys.key, key));
      return value;
    });
    return { result, repeated: false };
  } catch (error) {
    if (!(error instanceof RepeatedSubmission)) throw error;
    const first = await resultOf<T>(key, tx);
    if (!first.found) throw new Error("a repeated submission without a recorded first one");
    return { result: first.result, repeated: true };
  }
}

async function resultOf<T>(key: string, tx: Queryable): Promise<{ found: true; result: T } | { found: false }> {
  const [row] = await tx
    .select({ result: submissionKeys.result })
    .from(submissionKeys)
    .where(eq(submissionKeys.key, key))
    .limit(1);
  return row ? { found: true, result: row.result as T } : { found: false };
}

/** Forgets keys older than SUBMISSION_KEY_DAYS (app/jobs.server.ts). */
export async function pruneSubmissionKeys(now = new Date()) {
  await db
    .delete(submissionKeys)
    .where(lt(submissionKeys.createdAt, new Date(now.getTime() - SUBMISSION_KEY_DAYS * 24 * 60 * 60 * 1000)));
}

/**
 * For work that outlives its transaction (a streamed answer): records the key with a first result
 * (what is known at the start); false when the key was recorded before.
 */
export async function claimSubmission(key: string, started: unknown, tx: Queryable = db): Promise<boolean> {
  const claimed = await tx
    .insert(submissionKeys)
    .values({ key, result: started ?? null })
    .onConflictDoNothing()
    .returning({ key: submissionKeys.key });
  return claimed.length > 0;
}

/** Replaces a claimed key's result once the work is done. */
export async function completeSubmission(key: string, result: unknown, tx: Queryable = db) {
  await tx
    .update(submissionKeys)
    .set({ result: result ?? null })
    .where(eq(submissionKeys.key, key));
}

/** A claimed key's result once `done` says it is complete, waiting up to `timeoutMs` for the first request to finish. */
export async function awaitSubmission<T>(
  key: string,
  done: (result: T) => boolean,
  timeoutMs: number,
  tx: Queryable = db,
): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await resultOf<T>(key, tx);
    if (found.found && done(found.result)) return found.result;
    if (Date.now() >= deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
