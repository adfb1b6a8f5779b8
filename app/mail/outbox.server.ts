import { outbox, type MailAttachmentRef } from "../../db/schema";
import type { Queryable } from "../db.server";
import { kickMailWorker } from "./worker.server";

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is about, e.g. "inquiry-ack", "verify-email". */
  kind: string;
  /** Files rendered when the mail is sent (e.g. a tax invoice), by reference. */
  attachments?: MailAttachmentRef[];
};

/**
 * Queues an e-mail. Pass the transaction that writes the record the mail is about, so the mail
 * exists exactly when the record does; the worker delivers it after the commit.
 */
export async function queueMail(tx: Queryable, mail: OutgoingMail) {
  const [row] = await tx
    .insert(outbox)
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      kind: mail.kind,
      attachments: mail.attachments ?? [],
    })
    .returning({ id: outbox.id });
  // Deliver soon rather than on the next tick; harmless if the transaction is not committed yet.
  kickMailWorker();
  return row?.id;
}
