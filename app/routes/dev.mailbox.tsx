import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Badge } from "../components/ui/badge";
import { Container } from "../components/ui/section";
import { getEnv } from "../env.server";
import { recentMail } from "../mail/worker.server";
import { notFound } from "../http/http.server";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

// Outside production, the e-mails the site queued (useful when SMTP_URL is not set). 404 in production.
export async function loader(_args: LoaderFunctionArgs) {
  if (getEnv().isProduction) notFound();
  const messages = await recentMail(50);
  return {
    meta: { title: "Development mailbox", description: "E-mails queued by this development server.", noindex: true },
    messages: messages.map((m) => ({
      id: m.id,
      to: m.toAddress,
      subject: m.subject,
      text: m.textBody,
      kind: m.kind,
      status: m.status,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

export const meta = () => [{ title: "Development mailbox" }, { name: "robots", content: "noindex" }];

export default function DevMailbox() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <Container className="py-10">
      <h1 className="text-2xl font-bold">Development mailbox</h1>
      <p className="mt-2 text-slate-600">The newest 50 e-mails in the outbox. Only available outside production.</p>
      {messages.length === 0 ? <p className="mt-6">No e-mails yet.</p> : null}
      <ol className="mt-6 space-y-4">
        {messages.map((m) => (
          <li key={m.id} className="rounded-xl border border-slate-200 p-4">
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <Badge>{m.status}</Badge> <span>{m.kind}</span> <span>to {m.to}</span>{" "}
              <time dateTime={m.createdAt}>{m.createdAt}</time>
            </p>
            <h2 className="mt-1 font-semibold">{m.subject}</h2>
            <pre className="mt-2 overflow-x-auto whitespace-pre-wrap text-sm text-slate-800">{m.text}</pre>
          </li>
        ))}
      </ol>
    </Container>
  );
}
