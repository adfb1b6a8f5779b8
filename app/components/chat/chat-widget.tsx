import { useFetcher, useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { ChatMessageView } from "../../chat/chat-widget.server";
import { localizePath, stripLangPrefix } from "../../i18n/lang";
import { cn } from "../../utils/cn";
import { useLang, useUi } from "../../utils/root-data";

// The panel is loaded only when the visitor opens the chat: the button costs almost nothing on
// every page (the home page's JavaScript budget is 100 KB).
const ChatPanel = lazy(() => import("./chat-panel").then((module) => ({ default: module.ChatPanel })));

/** Pages without the floating chat: the chat page itself and the signed-in and paying areas. */
const HIDDEN = /^\/(chat|admin|dashboard|checkout|test-checkout|setup)(\/|$)/;

/** What the floating button must never sit on: controls, links and headings. */
const COVERED = "a[href], button, input, select, textarea, summary, label, [role='button'], [tabindex]:not([tabindex='-1']), h1, h2, h3, h4, h5, h6";

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

  // Step aside while something the visitor may need is under the button.
  useEffect(() => {
    if (open || hidden) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const button = landmark.current?.querySelector("a");
      if (button && landmark.current) setCovering(coversContent(button, landmark.current));
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    // Content that opens or grows under a still button (an FAQ, a form's errors).
    document.addEventListener("toggle", schedule, true);
    document.addEventListener("click", schedule);
    return () => {
      if (frame) window.cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      document.removeEventListener("toggle", schedule, true);
      document.removeEventListener("click", schedule);
    };
  }, [open, hidden, pathname]);

  if (hidden) return null;
  return (
    <aside
      ref={landmark}
      aria-label={t.title}
      className={cn(
        // Script: fixed at the reading-start corner (left in English, right in Arabic); toasts take the other corner.
        "fixed bottom-4 start-4 z-40 flex flex-col items-start gap-3",
        // No script: a plain link in the page's flow.
        "noscript:static noscript:mx-auto noscript:mt-12 noscript:w-full noscript:max-w-6xl noscript:px-4 sm:noscript:px-6",
      )}
      data-testid="chat-widget"
      data-chat-widget=""
      data-covering={covering && !open ? "" : undefined}
    >
      {open ? (
        <div className="w-[min(24rem,calc(100vw-2rem))]" role="dialog" aria-labelledby="chat-title">
          <Suspense fallback={<div className="h-40 rounded-xl bg-white shadow-xl" aria-busy="true" />}>
            <ChatPanel initialMessages={transcript.data?.messages ?? []} variant="widget" onClose={() => setOpen(false)} />
          </Suspense>
        </div>
      ) : (
        <a
          href={href}
          className={cn(
            "grid size-14 place-items-center rounded-full bg-amber-400 text-navy-950 shadow-lg hover:bg-amber-300",
            "noscript:inline-flex noscript:size-auto noscript:min-h-11 noscript:gap-2 noscript:px-4 noscript:font-semibold noscript:shadow-none",
          )}
          title={t.open}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
            if (transcript.state === "idle" && !transcript.data) transcript.load(chatPath);
          }}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" strokeLinejoin="round" />
          </svg>
          <span className="sr-only noscript:not-sr-only">{t.open}</span>
        </a>
      )}
    </aside>
  );
}

/** True when a link, control or heading (any line of it) lies under the button. */
function coversContent(button: HTMLElement, landmark: HTMLElement): boolean {
  const box = button.getBoundingClientRect();
  if (box.width === 0) return false;
  const margin = 4;
  const overlaps = (rect: DOMRect) => rect.width > 0 && rect.height > 0 && rect.left < box.right + margin && rect.right > box.left - margin && rect.top < box.bottom + margin && rect.bottom > box.top - margin;
  for (const element of Array.from(document.querySelectorAll(COVERED))) {
    if (landmark.contains(element) || !overlaps(element.getBoundingClientRect())) continue;
    // Per line, for text that wraps (a link in a sentence).
    if (Array.from(element.getClientRects()).some(overlaps) && getComputedStyle(element).visibility !== "hidden") return true;
  }
  return false;
}
