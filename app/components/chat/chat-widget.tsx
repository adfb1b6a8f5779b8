import { useFetcher, useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import type { ChatMessageView } from "../../chat/chat-widget.server";
import { localizePath, stripLangPrefix } from "../../i18n/lang";
import { useLang, useUi } from "../../utils/root-data";

// The panel is loaded only when the visitor opens the chat: the button costs almost nothing on
// every page (the home page's JavaScript budget is 100 KB).
const ChatPanel = lazy(() => import("./chat-panel").then((module) => ({ default: module.ChatPanel })));

/** Pages without the floating chat: the chat page itself and the signed-in and paying areas. */
const HIDDEN = /^\/(chat|admin|dashboard|checkout|test-checkout|setup)(\/|$)/;

/**
 * The floating chat button on every public page. Without JavaScript it is a link to /chat; with
 * JavaScript it opens the panel in place and loads the visitor's transcript.
 */
export function ChatWidget() {
  const t = useUi().chat;
  const lang = useLang();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const transcript = useFetcher<{ messages: ChatMessageView[] }>();
  const href = localizePath(lang, "/chat");

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  if (HIDDEN.test(stripLangPrefix(pathname))) return null;
  return (
    // On the reading-start side (left in English, right in Arabic); toasts take the other corner.
    <div className="fixed bottom-4 start-4 z-40 flex flex-col items-start gap-3" data-testid="chat-widget">
      {open ? (
        <div className="w-[min(24rem,calc(100vw-2rem))]" role="dialog" aria-labelledby="chat-title">
          <Suspense fallback={<div className="h-40 rounded-xl bg-white shadow-xl" aria-busy="true" />}>
            <ChatPanel initialMessages={transcript.data?.messages ?? []} variant="widget" onClose={() => setOpen(false)} />
          </Suspense>
        </div>
      ) : null}
      {open ? null : (
        <a
          href={href}
          className="grid size-14 place-items-center rounded-full bg-amber-400 text-navy-950 shadow-lg hover:bg-amber-300"
          aria-label={t.open}
          title={t.open}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
            if (transcript.state === "idle" && !transcript.data) transcript.load(href);
          }}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" strokeLinejoin="round" />
          </svg>
        </a>
      )}
    </div>
  );
}
