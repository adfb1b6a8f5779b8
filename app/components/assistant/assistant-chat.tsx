import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import {
  QUESTION_MAX_CHARS,
  type AssistantMessageView,
  type AssistantStreamEvent,
  type AssistantView,
} from "../../assistant/types";
import { localizePath } from "../../i18n/lang";
import { cn } from "../../utils/cn";
import { CSRF_FIELD } from "../../http/csrf";
import { isTransportFailure, SUBMIT_TIMEOUT_MS, SubmitFailureError, type SubmitFailure } from "../../forms/submission";
import { newSubmissionKey, sendForm } from "../../forms/send-form";
import { showToast } from "../../forms/toast";
import { SubmitFailureNotice } from "../forms/submit-failure-notice";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { CsrfField, useCsrfToken } from "../ui/csrf-field";
import { inputClasses } from "../ui/field";

/** Longest wait for the whole answer in the browser; the server gives up earlier and sends the failure reply. */
const CLIENT_TIMEOUT_MS = 60_000;

/**
 * The ask-a-lawyer chat. It is a form: without JavaScript it posts to /assistant and the page comes
 * back with the answer. With JavaScript the answer streams in from /api/assistant: 'Thinking...'
 * until the first piece, the box disabled while a reply is pending, Enter sends, Shift+Enter makes
 * a new line, empty input is ignored. A failure shows the failure reply and a toast, and puts the
 * question back in the box. A request the connection did not carry (no answer in time, the stream
 * cut off) shows the 'Submission Failed' notice instead, with a retry that sends the question with
 * the same key: the server then sends the answer it stored, never asking twice.
 */
export function AssistantChat({ view }: { view: AssistantView }) {
  const { strings } = view;
  const csrfToken = useCsrfToken();
  const [messages, setMessages] = useState<AssistantMessageView[]>(view.messages);
  const [failed, setFailed] = useState(view.failed);
  const [question, setQuestion] = useState(view.draft);
  const [notice, setNotice] = useState(view.notice);
  /** null: no reply pending; "": waiting for the first piece; text: the answer so far. */
  const [reply, setReply] = useState<string | null>(null);
  const pending = reply !== null;
  const box = useRef<HTMLTextAreaElement>(null);
  const counter = useRef(0);
  const [unsent, setUnsent] = useState<{ question: string; key: string; failure: SubmitFailure } | null>(null);

  // A new page load (after a post without JavaScript, or a revalidation) brings new messages.
  useEffect(() => {
    setMessages(view.messages);
    setFailed(view.failed);
  }, [view.messages, view.failed]);

  // Text typed before the page's script took over is in the box, not yet in state.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (box.current?.value) setQuestion(box.current.value);
    setReady(true);
  }, []);

  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (!pending) box.current?.focus({ preventScroll: true });
  }, [pending]);

  function localId() {
    counter.current += 1;
    return `local-${counter.current}`;
  }

  function fail(event: { reply: string; title: string; description: string }, asked: string) {
    showToast({ kind: "error", title: event.title, description: event.description });
    if (event.reply)
      setMessages((list) => [...list, { id: localId(), role: "assistant", content: event.reply, source: "failure" }]);
    setQuestion(asked);
  }

  async function ask(asked: string, key = newSubmissionKey()) {
    setNotice(null);
    setFailed(false);
    setUnsent(null);
    setMessages((list) => [...list, { id: localId(), role: "user", content: asked, source: "user" }]);
    setQuestion("");
    setReply("");
    const fallback = { reply: strings.failureReply, title: strings.errorTitle, description: strings.errorDescription };
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), CLIENT_TIMEOUT_MS);
    let text = "";
    let finished = false;
    try {
      const body = new FormData();
      body.set(CSRF_FIELD, csrfToken);
      body.set("question", asked);
      body.set("lang", view.lang);
      body.set("submissionId", key);
      const response = await sendForm(view.streamUrl, {
        method: "POST",
        body,
        signal: controller.signal,
        timeoutMs: SUBMIT_TIMEOUT_MS,
        headers: { Accept: "text/event-stream" },
      });
      if (!response.ok || !response.body) {
        const refusal = (await response.json().catch(() => null)) as (AssistantStreamEvent & { type: "error" }) | null;
        // A refused question was not stored: take it back out of the conversation.
        setMessages((list) => list.slice(0, -1));
        fail(refusal?.type === "error" ? refusal : fallback, asked);
        finished = true;
        return;
      }
      for await (const event of readEvents(response.body)) {
        if (event.type === "token") {
          text += event.text;
          setReply(text);
        } else if (event.type === "done") {
          const content = text.trim();
          setMessages((list) => [...list, { id: event.id, role: "assistant", content, source: event.source }]);
          finished = true;
        } else if (event.type === "error") {
          fail(event, asked);
          finished = true;
        }
      }
      if (!finished) throw new SubmitFailureError("network");
    } catch (error) {
      if (!finished) {
        if (isTransportFailure(error) || controller.signal.aborted) {
          // Not carried: the question goes back to the box and can be sent again as it was.
          setMessages((list) => list.slice(0, -1));
          setQuestion(asked);
          setUnsent({
            question: asked,
            key,
            failure: {
              submitFailed:
                error instanceof SubmitFailureError ? error.kind : controller.signal.aborted ? "timeout" : "network",
            },
          });
        } else fail(fallback, asked);
      }
    } finally {
      window.clearTimeout(timer);
      setReply(null);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const asked = (box.current?.value ?? question).trim();
    if (pending || !asked) return;
    void ask(asked);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter makes a new line; Enter that confirms an input-method composition does neither.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  }

  const shown = failed
    ? [
        ...messages,
        { id: "refused", role: "assistant" as const, content: strings.failureReply, source: "failure" as const },
      ]
    : messages;

  return (
    <div
      id="assistant"
      className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
      data-offline={view.offline || undefined}
      data-ready={ready || undefined}
    >
      <div className="border-b border-slate-200 bg-navy-900 px-4 py-3 text-white sm:px-6">
        <h3 id="assistant-heading" className="text-lg font-bold text-white">
          {strings.heading}
        </h3>
        <p className="mt-1 text-sm text-navy-100">{strings.disclaimer}</p>
      </div>
      {/* column-reverse keeps the newest message in view without JavaScript */}
      <div
        className="flex max-h-[28rem] min-h-48 flex-col-reverse overflow-y-auto px-4 py-4 sm:px-6"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable log must be reachable by keyboard
        tabIndex={0}
        role="log"
        aria-label={strings.logLabel}
        aria-live="polite"
        aria-busy={pending || undefined}
      >
        <ol className="space-y-4" data-testid="assistant-messages">
          {shown.length === 0 && !pending ? <li className="text-slate-600">{strings.empty}</li> : null}
          {shown.map((message) => (
            <MessageItem key={message.id} message={message} view={view} />
          ))}
          {pending ? (
            <li className="flex flex-col items-start" data-role="assistant" data-pending="true">
              <span className="text-xs font-semibold text-slate-600">{strings.assistant}</span>
              <div className="mt-1 max-w-[85%] whitespace-pre-line rounded-2xl rounded-ss-sm bg-slate-100 px-4 py-2 text-slate-900">
                {reply ? (
                  <RichText text={reply} lang={view.lang} />
                ) : (
                  <span className="italic text-slate-600">{strings.thinking}</span>
                )}
              </div>
            </li>
          ) : null}
        </ol>
      </div>
      <form
        method="post"
        action={view.formAction}
        onSubmit={onSubmit}
        className="border-t border-slate-200 bg-slate-50 px-4 py-4 sm:px-6"
        aria-labelledby="assistant-heading"
      >
        <CsrfField />
        <input type="hidden" name="lang" value={view.lang} />
        <label htmlFor="assistant-question" className="block text-sm font-semibold text-navy-900">
          {strings.questionLabel}
        </label>
        <div className="mt-1 flex flex-col gap-3 sm:flex-row sm:items-end">
          <textarea
            ref={box}
            id="assistant-question"
            name="question"
            rows={2}
            required
            maxLength={QUESTION_MAX_CHARS}
            placeholder={strings.placeholder}
            value={question}
            onChange={(event) => setQuestion(event.target.value)}
            onKeyDown={onKeyDown}
            disabled={pending}
            aria-describedby={notice ? "assistant-hint assistant-notice" : "assistant-hint"}
            aria-invalid={notice ? true : undefined}
            className={cn(inputClasses, "min-h-20 resize-y")}
          />
          <Button type="submit" pending={pending} className="sm:w-32">
            {strings.send}
          </Button>
        </div>
        <SubmitFailureNotice
          failure={unsent?.failure ?? null}
          onRetry={() => unsent && !pending && void ask(unsent.question, unsent.key)}
          className="mt-3"
        />
        {notice ? (
          <p id="assistant-notice" className="mt-2 text-sm font-medium text-red-700" role="alert">
            {notice}
          </p>
        ) : null}
        <p id="assistant-hint" className="mt-2 text-sm text-slate-600">
          {strings.hint}
        </p>
      </form>
      {messages.length > 0 ? (
        <form method="post" action={view.formAction} className="border-t border-slate-200 px-4 py-2 text-end sm:px-6">
          <CsrfField />
          <input type="hidden" name="intent" value="new" />
          <Button type="submit" variant="link" className="text-sm" disabled={pending}>
            {strings.newConversation}
          </Button>
        </form>
      ) : null}
    </div>
  );
}

function MessageItem({ message, view }: { message: AssistantMessageView; view: AssistantView }) {
  const { strings } = view;
  const mine = message.role === "user";
  return (
    <li
      className={cn("flex flex-col", mine ? "items-end" : "items-start")}
      data-role={message.role}
      data-source={message.source}
    >
      <span className="text-xs font-semibold text-slate-600">{mine ? strings.you : strings.assistant}</span>
      <div
        className={cn(
          "mt-1 max-w-[85%] whitespace-pre-line rounded-2xl px-4 py-2",
          mine ? "rounded-se-sm bg-navy-900 text-white" : "rounded-ss-sm bg-slate-100 text-slate-900",
          message.source === "failure" && "border border-red-300 bg-red-50 text-red-950",
        )}
      >
        {message.source === "offline" ? (
          <Badge tone="amber" className="mb-2">
            {strings.automaticAnswer}
          </Badge>
        ) : null}
        <div>
          <RichText text={message.content} lang={view.lang} />
        </div>
        {message.source === "offline" ? (
          <p className="mt-2 border-t border-slate-300 pt-2 text-sm text-slate-700">
            {strings.automaticNote}{" "}
            <a href={view.consultationHref} className="font-semibold text-navy-900 underline">
              {strings.bookConsultation}
            </a>
          </p>
        ) : null}
      </div>
    </li>
  );
}

// [label](/path) and bare /paths of our own site become links; any other URL stays text, so an
// answer can never send a visitor to another site.
const LINK =
  /\[([^\]\n]{1,120})\]\(([^)\s]{1,300})\)|(?<=^|[\s(])(\/[a-z0-9-]+(?:\/[a-z0-9-]+)*(?:#[a-z0-9-]+)?)(?=$|[\s).,;:!?،])/gi;

/** Answer text (light Markdown from a model, [label](/path) links) shown safely: React escapes it. */
function RichText({ text, lang }: { text: string; lang: AssistantView["lang"] }) {
  const clean = text.replace(/\*\*(.+?)\*\*/g, "$1").replace(/^#{1,6}\s+/gm, "");
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of clean.matchAll(LINK)) {
    const [whole, label, target, bare] = match;
    const at = match.index;
    parts.push(clean.slice(last, at));
    const href = target ?? bare ?? "";
    if (href.startsWith("/") && !href.startsWith("//")) {
      parts.push(
        <a key={at} href={localizePath(lang, href)} className="font-semibold underline underline-offset-2">
          {label ?? href}
        </a>,
      );
    } else {
      parts.push(label ? `${label} (${href})` : whole);
    }
    last = at + whole.length;
  }
  parts.push(clean.slice(last));
  return <>{parts}</>;
}

/** The events of a text/event-stream body, parsed as they arrive. */
async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<AssistantStreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).trimStart())
        .join("\n");
      if (data) yield JSON.parse(data) as AssistantStreamEvent;
    }
  }
}
