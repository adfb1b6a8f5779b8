import http from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type CaughtMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  date: string;
  attachments: Array<{ filename: string; contentType: string; size: number; base64: string }>;
};

/**
 * A real SMTP server on a free local port that keeps what it receives, plus a small HTTP API
 * (GET /messages, DELETE /messages) so browser tests in other processes can read the mail.
 * `failing = true` makes it refuse every message (451), as a broken mail relay would.
 */
export async function startFakeSmtp() {
  const messages: CaughtMail[] = [];
  const control = { failing: false };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (control.failing) {
          const error = new Error("Mailbox temporarily unavailable") as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((parsed) => {
            messages.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              date: new Date().toISOString(),
              attachments: parsed.attachments.map((a) => ({
                filename: a.filename ?? "",
                contentType: a.contentType,
                size: a.size,
                base64: a.content.toString("base64"),
              })),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const api = http.createServer((req, res) => {
    if (req.method === "DELETE") messages.length = 0;
    if (req.url?.startsWith("/failing/")) control.failing = req.url.endsWith("/on");
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(messages));
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  const apiPort = (api.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${smtpPort}`,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    messages,
    control,
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => api.close(() => resolve()));
    },
  };
}

/** Reads the mail a fake SMTP server caught, from another process (browser tests). */
export async function fetchCaughtMail(apiUrl: string): Promise<CaughtMail[]> {
  const response = await fetch(`${apiUrl}/messages`);
  return (await response.json()) as CaughtMail[];
}

/**
 * The path and query of the first link containing `contains` in the newest mail to `to` caught by
 * `messages` (after the first `after` messages), waiting up to 20 s for the mail worker to send it.
 */
export async function linkInMail(
  messages: readonly CaughtMail[],
  to: string,
  contains: string,
  after = 0,
): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const mail = messages
      .slice(after)
      .reverse()
      .find((m) => m.to.includes(to) && m.text.includes(contains));
    const url = mail?.text.match(/https?:\/\/\S+/g)?.find((candidate) => candidate.includes(contains));
    if (url) {
      const parsed = new URL(url);
      return parsed.pathname + parsed.search;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} with ${contains}`);
}
