import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import type { ChatAnswer, ChatMessageView } from "../../chat/chat-widget.server";
import { localizePath } from "../../i18n/lang";
import { cn } from "../../utils/cn";
import { CSRF_FIELD } from "../../http/csrf";
import { useLang, useUi } from "../../root-data";
import { isSubmitFailure, type SubmitFailure } from "../../forms/submission";
import { newSubmissionKey } from "../../forms/send-form";
import { SubmissionKey } from "../forms/submission-key";
import { SubmitFailureNotice } from "../forms/submit-failure-notice";
import { useHydrated } from "../inquiry/lead-form";
import { Button } from "../ui/button";
import { CsrfField, useCsrfToken } from "../ui/csrf-field";
import { inputClasses } from "../ui/field";

/** Spec timings: the reply shows 1 s after a message, 0.8 s after a quick question. */
const REPLY_DELAY_MS = 1000;
const QUICK_REPLY_DELAY_MS = 800;

/**
 * The chat: welcome, transcript, four quick questions and a message box. Every part is a form
 * posting to /chat, so it works without JavaScript; with JavaScript a fetcher sends, a typing
 * indicator shows for the spec's delay, and nothing reloads. Enter sends, Shift+Enter breaks a line.
 */
export function ChatPanel({
  initialMessages,
  variant,
  onClose,
  backTo,
}: {
  initialMessages: ChatMessageView[];
  variant: "page" | "widget";
  onClose?: () => void;
  backTo?: string;
}) {
  const t = useUi().chat;
  const lang = useLang();
  const hydrated = useHydrated();
  const fetcher = useFetcher<ChatAnswer | SubmitFailure>();
  // The message sent last, with its key: a retry after a failed request sends it again as it was.
  const lastSend = useRef<{ message: string; quick: boolean; key: string } | null>(null);
  const [failed, setFailed] = useState<{ message: string; quick: boolean; key: string; failure: SubmitFailure } | null>(
    null,
  );
  const csrfToken = useCsrfToken();
  const [messages, setMessages] = useState(initialMessages);
  const [pendingText, setPendingText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [readyAt, setReadyAt] = useState(0);
  const [draft, setDraft] = useState("");
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const action = localizePath(lang, "/chat");

  // The transcript may arrive after the panel opened (the widget loads it): take it until the
  // visitor sends something; from then on the panel's own list is the truth.
  const sentAny = useRef(false);
  useEffect(() => {
    if (!sentAny.current) setMessages(initialMessages);
  }, [initialMessages]);

  // The answer already shown: a new send must wait for a new one, not reuse it.
  const shownAnswer = useRef<ChatAnswer | SubmitFailure | undefined>(undefined);
  // Show the answer once the server answered and the spec's delay has passed; a request that did
  // not get through shows at once, with the message kept for a retry.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || pendingText === null || fetcher.data === shownAnswer.current)
      return;
    const answer = fetcher.data;
    if (isSubmitFailure(answer)) {
      shownAnswer.current = answer;
      if (lastSend.current) setFailed({ ...lastSend.current, failure: answer });
      setPendingText(null);
      return;
    }
    const wait = Math.max(0, readyAt - Date.now());
    const timer = window.setTimeout(() => {
      shownAnswer.current = answer;
      if (answer.messages.length) setMessages((list) => [...list, ...answer.messages]);
      setError(answer.error ?? null);
      setPendingText(null);
    }, wait);
    return () => window.clearTimeout(timer);
  }, [fetcher.state, fetcher.data, pendingText, readyAt]);

  useEffect(() => {
    listRef.current?.lastElementChild?.scrollIntoView({ block: "nearest" });
  }, [messages, pendingText]);

  function send(text: string, quick: boolean, key = newSubmissionKey()) {
    const message = text.trim();
    if (!message || pendingText !== null) return;
    shownAnswer.current = fetcher.data;
    sentAny.current = true;
    lastSend.current = { message, quick, key };
    setFailed(null);
    setPendingText(message);
    setError(null);
    setReadyAt(Date.now() + (quick ? QUICK_REPLY_DELAY_MS : REPLY_DELAY_MS));
    fetcher.submit({ [CSRF_FIELD]: csrfToken, message, mode: "fetch", submissionId: key }, { method: "post", action });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.name === "message") return send(submitter.value, true);
    send(draft, false);
    if (draft.trim()) setDraft("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  }

  const typing = pendingText !== null;
  return (
    <div
      className={cn(
        "flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl",
        variant === "widget" ? "h-[min(36rem,calc(100dvh-6rem))]" : "min-h-[32rem]",
      )}
      data-testid="chat-panel"
    >
      <div className="flex items-center justify-between gap-2 bg-navy-900 px-4 py-3 text-white">
        {variant === "page" ? (
          <h1 className="text-lg font-bold text-white" id="chat-title">
            {t.title}
          </h1>
        ) : (
          <h2 className="text-lg font-bold text-white" id="chat-title">
            {t.title}
          </h2>
        )}
        {onClose ? (
          <button
            type="button"
            onClick={onClose}
            className="grid size-11 place-items-center rounded-lg hover:bg-navy-700"
            aria-label={t.close}
          >
            <span aria-hidden="true">✕</span>
          </button>
        ) : (
          // The page the chat was opened from (a site path in its own language), else the home page.
          <Link to={backTo ?? localizePath(lang, "/")} className="text-sm text-white underline">
            {t.backToSite}
          </Link>
        )}
      </div>
      <ol
        ref={listRef}
        className="flex-1 space-y-3 overflow-y-auto p-4"
        aria-live="polite"
        aria-labelledby="chat-title"
        data-testid="chat-messages"
      >
        <li className="max-w-[85%] rounded-lg bg-slate-100 p-3 text-sm text-slate-800">{t.welcome}</li>
        {messages.map((m) => (
          <li
            key={m.id}
            className={cn(
              "max-w-[85%] whitespace-pre-line rounded-lg p-3 text-sm",
              m.role === "user" ? "ms-auto bg-navy-900 text-white" : "bg-slate-100 text-slate-800",
            )}
            data-role={m.role}
          >
            <span className="sr-only">{m.role === "user" ? t.you : t.bot}: </span>
            {m.text}
            {m.links.length ? (
              <span className="mt-2 flex flex-wrap gap-x-3 gap-y-1">
                {m.links.map((l) => (
                  <a key={l.href} href={l.href} className="font-semibold text-navy-700 underline">
                    {l.label}
                  </a>
                ))}
              </span>
            ) : null}
          </li>
        ))}
        {failed ? (
          <li
            className="ms-auto max-w-[85%] whitespace-pre-line rounded-lg border border-dashed border-navy-900 p-3 text-sm text-navy-900"
            data-role="unsent"
          >
            {failed.message}
          </li>
        ) : null}
        {typing ? (
          <>
            <li
              className="ms-auto max-w-[85%] whitespace-pre-line rounded-lg bg-navy-900 p-3 text-sm text-white"
              data-role="user"
            >
              {pendingText}
            </li>
            <li
              className="max-w-[85%] rounded-lg bg-slate-100 p-3 text-sm italic text-slate-600"
              data-testid="chat-typing"
            >
              {t.typing}
            </li>
          </>
        ) : null}
      </ol>
      <form method="post" action={action} onSubmit={onSubmit} className="border-t border-slate-200 p-3">
        <CsrfField />
        <SubmissionKey />
        {backTo ? <input type="hidden" name="from" value={backTo} /> : null}
        <SubmitFailureNotice
          failure={failed?.failure ?? null}
          onRetry={() => failed && send(failed.message, failed.quick, failed.key)}
          className="mb-3"
        />
        <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-600">{t.quickTitle}</p>
        <div className="mb-3 flex flex-wrap gap-2">
          {t.quick.map((question) => (
            <button
              key={question}
              type="submit"
              name="message"
              value={question}
              formNoValidate
              disabled={typing}
              className="min-h-11 rounded-full border border-navy-200 px-3 py-1 text-start text-sm text-navy-900 hover:bg-navy-50 disabled:opacity-60"
            >
              {question}
            </button>
          ))}
        </div>
        {error ? (
          <p role="alert" className="mb-2 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex items-end gap-2">
          <label htmlFor={`chat-input-${variant}`} className="sr-only">
            {t.label}
          </label>
          <textarea
            ref={inputRef}
            id={`chat-input-${variant}`}
            name="message"
            rows={1}
            maxLength={500}
            required
            placeholder={t.placeholder}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            className={cn(inputClasses, "resize-none")}
          />
          <Button type="submit" disabled={typing}>
            {t.send}
          </Button>
        </div>
        <p className="mt-2 text-xs text-slate-600">{t.note}</p>
      </form>
    </div>
  );
}
