import { useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { ThreadView } from "../../cases/case-view.server";
import type { CasesText } from "../../content/cases.server";
import { cn } from "../../utils/cn";
import { ResilientForm } from "../forms/resilient-form";
import { SubmitFailureNotice } from "../forms/submit-failure-notice";
import { useResilientForm } from "../forms/use-resilient-form";
import { Badge } from "../ui/badge";
import { CsrfField } from "../ui/csrf-field";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { describedBy, inputClasses } from "../ui/field";
import { Notice } from "../ui/notice";
import { usePagePath } from "./page-path";

/** What the action answered when it refused a post (also the page's action data without JavaScript). */
export type CaseRefusal = {
  intent: string;
  error: string;
  values: { kind: string; body: string; days: string };
  filesDropped: boolean;
};

export type MessageFormProps = {
  /** A fresh random id from the server: a post sent twice with it is stored once. */
  submissionId: string;
  /** Kinds the sender may choose (staff); none: a plain message (client). */
  kinds?: Array<{ value: string; label: string }>;
  accept: string;
  maxLength: number;
};

type Text = Pick<CasesText, "thread" | "form" | "resolve"> & { errors: Pick<CasesText["errors"], "empty"> };

const MESSAGE_ANCHOR = "message-form";

/** A new random id for the next message (crypto.randomUUID needs a secure context; getRandomValues does not). */
function randomId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * An order's conversation: the messages (oldest first, newest last) and, when the viewer may
 * write, the message form. Without JavaScript the form posts and the server redirects back; with
 * it, the message is sent in the background, shown at once as "Sending…", and the form empties
 * when the server has stored it. Text is rendered as text: markup shows as typed.
 */
export function CaseThread({
  thread,
  text,
  audience,
  form,
  refusal,
  closedNotice,
}: {
  thread: ThreadView;
  text: Text;
  audience: "client" | "staff";
  form: MessageFormProps | null;
  refusal?: CaseRefusal | null;
  /** Shown instead of the form when the conversation is closed for this viewer. */
  closedNotice?: string | null;
}) {
  const fetcher = useFetcher<CaseRefusal>({ key: "case-message" });
  const pending = fetcher.state === "submitting" ? fetcher.formData : undefined;
  const pendingBody = pending ? String(pending.get("body") ?? "") : "";
  const pendingFiles = pending
    ? pending.getAll("documents").filter((file): file is File => typeof file === "object" && file.size > 0).length
    : 0;
  return (
    <Card className="space-y-4" data-testid="case-thread">
      <div>
        <h2 id="conversation" className="text-lg font-bold text-navy-900">
          {text.thread.title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {audience === "client" ? text.thread.introClient : text.thread.introStaff}
        </p>
      </div>
      {thread.messages.length === 0 && !pending ? <p className="text-sm text-slate-600">{text.thread.empty}</p> : null}
      {/* A log: assistive technology announces messages that arrive while the page is open. */}
      <div role="log" aria-labelledby="conversation">
        <ol className="space-y-3" data-testid="messages">
          {thread.messages.map((message) => (
            <MessageItem key={message.id} message={message} text={text} />
          ))}
          {pending && (pendingBody.trim() || pendingFiles) ? (
            <li
              className="ms-8 rounded-lg border border-dashed border-navy-200 bg-navy-50 p-3 text-sm opacity-80"
              data-testid="message-pending"
            >
              <p className="font-semibold text-navy-900">{text.thread.sending}</p>
              <p className="mt-1 whitespace-pre-wrap break-words">{pendingBody}</p>
            </li>
          ) : null}
        </ol>
      </div>
      {form ? (
        <MessageForm fetcher={fetcher} form={form} text={text} refusal={refusal} audience={audience} />
      ) : closedNotice ? (
        <Notice kind="info" title={closedNotice} />
      ) : null}
    </Card>
  );
}

function MessageItem({ message, text }: { message: ThreadView["messages"][number]; text: Text }) {
  const tone = message.note
    ? "border-amber-300 bg-amber-50"
    : message.side === "system"
      ? "border-slate-200 bg-slate-50"
      : message.mine
        ? "border-navy-200 bg-navy-50 ms-8"
        : "border-slate-200 bg-white me-8";
  return (
    <li
      id={`message-${message.id}`}
      className={cn("rounded-lg border p-3 text-sm", tone)}
      data-kind={message.kind}
      data-side={message.side}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold text-navy-900">
          <bdi>{message.author}</bdi>
        </p>
        <time dateTime={message.dateTime} className="text-xs text-slate-600">
          {message.date}
        </time>
      </div>
      {message.note || message.label || message.state ? (
        <div className="mt-1 flex flex-wrap items-center gap-2">
          {message.note ? <Badge tone="amber">{text.thread.note}</Badge> : null}
          {message.label ? (
            <Badge
              tone={
                message.kind === "request-declined" ? "red" : message.kind === "request-accepted" ? "green" : "blue"
              }
            >
              {message.label}
            </Badge>
          ) : null}
          {message.state ? (
            <Badge
              tone={message.state.value === "open" ? "yellow" : message.state.value === "accepted" ? "green" : "red"}
            >
              {message.state.label}
            </Badge>
          ) : null}
        </div>
      ) : null}
      {message.answers ? <p className="mt-1 text-xs text-slate-600">{message.answers}</p> : null}
      {message.body ? (
        <p className="mt-2 whitespace-pre-wrap break-words text-slate-900" dir="auto">
          {message.body}
        </p>
      ) : null}
      {message.documents.length ? (
        <ul className="mt-2 space-y-1" aria-label={text.thread.attachments}>
          {message.documents.map((doc) => (
            <li key={doc.id} className="flex flex-wrap items-center gap-x-2">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="size-4 shrink-0 text-slate-600"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="m21 11-8.6 8.6a5.5 5.5 0 0 1-7.8-7.8l8.6-8.6a3.7 3.7 0 0 1 5.2 5.2l-8.6 8.6a1.8 1.8 0 0 1-2.6-2.6l7.9-7.9" />
              </svg>
              <a
                href={`/documents/${doc.id}`}
                className="break-all font-semibold text-navy-700 underline underline-offset-4"
                download
              >
                <bdi>{doc.fileName}</bdi>
              </a>
              <span className="text-xs text-slate-600">({doc.size})</span>
            </li>
          ))}
        </ul>
      ) : null}
      {message.canResolve ? (
        <ResolveForm requestId={message.id} label={message.requestName ?? message.label ?? ""} text={text} />
      ) : null}
      {message.adminDecides ? <p className="mt-2 text-xs text-slate-700">{text.resolve.adminDecides}</p> : null}
    </li>
  );
}

/** Accept or decline a request, with an optional reply to the client. A plain form either way. */
function ResolveForm({ requestId, label, text }: { requestId: string; label: string; text: Text }) {
  const pagePath = usePagePath();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("requestId") === requestId;
  const replyId = `reply-${requestId}`;
  return (
    <ResilientForm
      method="post"
      action={pagePath}
      preventScrollReset
      className="mt-3 space-y-2 border-t border-slate-200 pt-3"
      data-testid="resolve-form"
    >
      <input type="hidden" name="intent" value="resolve" />
      <input type="hidden" name="requestId" value={requestId} />
      <label htmlFor={replyId} className="block text-sm font-semibold text-navy-900">
        {text.resolve.reply}
      </label>
      <textarea id={replyId} name="reply" rows={2} maxLength={5000} className={inputClasses} />
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          name="decision"
          value="accept"
          size="sm"
          pending={busy}
          aria-label={text.resolve.acceptFor.replace("{request}", label)}
        >
          {text.resolve.accept}
        </Button>
        <Button
          type="submit"
          name="decision"
          value="decline"
          size="sm"
          variant="secondary"
          disabled={busy}
          aria-label={text.resolve.declineFor.replace("{request}", label)}
        >
          {text.resolve.decline}
        </Button>
      </div>
    </ResilientForm>
  );
}

function MessageForm({
  fetcher,
  form,
  text,
  refusal,
  audience,
}: {
  fetcher: ReturnType<typeof useFetcher<CaseRefusal>>;
  form: MessageFormProps;
  text: Text;
  refusal?: CaseRefusal | null;
  audience: "client" | "staff";
}) {
  // The form's ref, and a failure notice with a retry when a message does not get through (sent again with the same id).
  const { formRef, failure, retry } = useResilientForm(fetcher);
  // Kept across revalidations (live updates must not change it under a message being sent).
  const [submissionId, setSubmissionId] = useState(form.submissionId);
  const [localError, setLocalError] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const answer =
    fetcher.data && fetcher.data.intent === "message" ? fetcher.data : refusal?.intent === "message" ? refusal : null;
  const error = localError ?? answer?.error ?? null;

  // The server stored the message (it redirected, so no refusal came back): empty the form for the next one.
  const previous = useRef(fetcher.state);
  useEffect(() => {
    if (previous.current !== "idle" && fetcher.state === "idle" && !fetcher.data) {
      formRef.current?.reset();
      setSubmissionId(randomId());
    }
    previous.current = fetcher.state;
  }, [fetcher.state, fetcher.data, formRef]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    const hasFiles = data.getAll("documents").some((file) => typeof file === "object" && file.size > 0);
    // Nothing to send: say so at once instead of asking the server.
    if (!String(data.get("body") ?? "").trim() && !hasFiles) {
      event.preventDefault();
      setLocalError(text.errors.empty);
      return;
    }
    setLocalError(null);
  };

  const bodyId = "message-body";
  const errors = error ? [error] : undefined;
  return (
    <fetcher.Form
      ref={formRef}
      id={MESSAGE_ANCHOR}
      method="post"
      action="?intent=message"
      encType="multipart/form-data"
      preventScrollReset
      onSubmit={onSubmit}
      className="space-y-3 border-t border-slate-200 pt-4"
      data-testid="message-form"
    >
      {/* First: upload forms are checked by their first part. */}
      <CsrfField />
      <input type="hidden" name="submissionId" value={submissionId} />
      {form.kinds?.length ? (
        <div className="space-y-1">
          <label htmlFor="message-kind" className="block text-sm font-semibold text-navy-900">
            {text.form.kindLabel}
          </label>
          <select
            id="message-kind"
            name="kind"
            defaultValue={answer?.values.kind || "message"}
            className={inputClasses}
          >
            {form.kinds.map((kind) => (
              <option key={kind.value} value={kind.value}>
                {kind.label}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <input type="hidden" name="kind" value="message" />
      )}
      <div className="space-y-1">
        <label htmlFor={bodyId} className="block text-sm font-semibold text-navy-900">
          {audience === "client" ? text.form.label : text.form.staffLabel}
        </label>
        <textarea
          id={bodyId}
          name="body"
          rows={4}
          maxLength={form.maxLength}
          defaultValue={answer?.values.body ?? ""}
          dir="auto"
          aria-invalid={errors ? true : undefined}
          aria-describedby={describedBy(bodyId, text.form.hint, errors)}
          className={inputClasses}
        />
        <p id={`${bodyId}-hint`} className="text-sm text-slate-600">
          {text.form.hint}
        </p>
        {errors ? (
          <p
            id={`${bodyId}-error`}
            role="alert"
            className="text-sm font-medium text-red-700"
            data-testid="message-error"
          >
            {error}
          </p>
        ) : null}
      </div>
      <div className="space-y-1">
        <label htmlFor="message-documents" className="block text-sm font-semibold text-navy-900">
          {text.form.documents}
        </label>
        <input
          id="message-documents"
          name="documents"
          type="file"
          multiple
          accept={form.accept}
          aria-describedby="message-documents-hint"
          className={`${inputClasses} file:me-3 file:rounded file:border-0 file:bg-navy-50 file:px-3 file:py-1 file:font-semibold file:text-navy-900`}
        />
        <p id="message-documents-hint" className="text-sm text-slate-600">
          {text.form.documentsHint}
        </p>
        {answer?.filesDropped ? <p className="text-sm text-slate-700">{text.form.filesAgain}</p> : null}
      </div>
      <Button type="submit" pending={busy}>
        {busy ? text.form.sending : text.form.send}
      </Button>
      <SubmitFailureNotice failure={failure} onRetry={retry} />
    </fetcher.Form>
  );
}
