import { useFetcher, useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { ChatMessageView } from "../../chat/chat-widget.server";
import { localizePath, stripLangPrefix } from "../../i18n/lang";
import { useLang, useUi } from "../../root-data";

// The panel is not part of the page's first load (the home page's JavaScript budget is 100 KB):
// it is fetched when the browser is idle (root.tsx), or when the visitor opens the chat.
export const loadChatPanel = () => import("./chat-panel");
const ChatPanel = lazy(() => loadChatPanel().then((module) => ({ default: module.ChatPanel })));

/** Pages without the floating chat: the chat page itself and the signed-in and paying areas. */
const HIDDEN = /^\/(chat|admin|dashboard|checkout|test-checkout|setup)(\/|$)/;

/**
 * The chat entry on every public page, in a landmark of its own. With JavaScript it is a
 * floating button at the reading-start corner that opens the panel in place (and loads the
 * visitor's transcript); it steps aside while a link, a control or a heading passes under it,
 * and is not shown while the mobile menu or the cart panel is open (tailwind.css), so it never
 * covers what the visitor needs. Without JavaScript it is a plain link to /chat in the page's
 * flow, above the footer. /chat keeps the page it was opened from for its "Back to the site".
 */
export function ChatWidget() {
  const t = useUi().chat;
  const lang = useLang();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  const [covering, setCovering] = useState(false);
  const transcript = useFetcher<{ messages: ChatMessageView[] }>();
  const landmark = useRef<HTMLElement>(null);
  const chatPath = localizePath(lang, "/chat");
  const href = `${chatPath}?from=${encodeURIComponent(pathname + search)}`;
  const hidden = HIDDEN.test(stripLangPrefix(pathname));

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  // Step aside while something the visitor may need is under the button (its code loads after the page's).
  useEffect(() => {
    if (open || hidden || !landmark.current) return;
    const element = landmark.current;
    let stop: (() => void) | undefined;
    let cancelled = false;
    import("./chat-button-placement")
      .then((placement) => {
        if (!cancelled) stop = placement.stepAsideWhileCovering(element, setCovering);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [open, hidden, pathname]);

  if (hidden) return null;
  return (
    <aside
      ref={landmark}
      aria-label={t.title}
      // Fixed at the reading-start corner (left in English, right in Arabic; toasts take the other
      // corner); without script a plain link in the page's flow (tailwind.css).
      className="fixed bottom-4 start-4 z-40 flex flex-col items-start gap-3"
      data-testid="chat-widget"
      data-chat-widget=""
      data-covering={covering && !open ? "" : undefined}
    >
      {open ? (
        <div className="w-[min(24rem,calc(100vw-2rem))]" role="dialog" aria-labelledby="chat-title">
          <Suspense fallback={<div className="h-40 rounded-xl bg-white shadow-xl" aria-busy="true" />}>
            <ChatPanel
              initialMessages={transcript.data?.messages ?? []}
              variant="widget"
              onClose={() => setOpen(false)}
            />
          </Suspense>
        </div>
      ) : (
        <a
          href={href}
          className="grid size-14 place-items-center rounded-full bg-amber-400 text-navy-950 shadow-lg hover:bg-amber-300"
          title={t.open}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
            // Offline the panel opens empty (a failed read would put the error page in its place).
            if (transcript.state === "idle" && !transcript.data && navigator.onLine !== false)
              transcript.load(chatPath);
          }}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" strokeLinejoin="round" />
          </svg>
          <span className="sr-only">{t.open}</span>
        </a>
      )}
    </aside>
  );
}
