import { useNavigate } from "@remix-run/react";
import { startTransition, useEffect } from "react";

/**
 * With JavaScript, a link to a part of the same page (#inquiry, #plans) scrolls to that part and
 * moves the keyboard focus into it, wherever the part is: hydrated, still the server's HTML
 * (deferred sections), or inside a form. The router records the step (a real history entry, so
 * Back returns and scroll restoration keys stay apart); the browser's own jump is not used
 * because its history entries carry no router key, so every such entry would share one saved
 * scroll position (Back restores it). Without JavaScript the browser's own jump does the same.
 */
export function InPageLinks() {
  const navigate = useNavigate();

  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      if (
        !(anchor instanceof HTMLAnchorElement) ||
        (anchor.target && anchor.target !== "_self") ||
        anchor.hasAttribute("download")
      )
        return;
      const url = new URL(anchor.href);
      const here = window.location;
      if (url.origin !== here.origin || url.pathname !== here.pathname || url.search !== here.search || !url.hash)
        return;
      const target = fragmentTarget(url.hash);
      if (!target) return;
      event.preventDefault();
      // First the router (it keeps the scroll position of the entry being left, for Back), as a
      // transition: sections not hydrated yet keep their server HTML (router-transitions.client.ts).
      startTransition(() =>
        navigate({ pathname: url.pathname, search: url.search, hash: url.hash }, { preventScrollReset: true }),
      );
      showTarget(target);
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);

  return null;
}

function fragmentTarget(hash: string): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/** Scrolls to the part (below the sticky header: scroll-padding-top) and focuses it without a second jump. */
function showTarget(target: HTMLElement) {
  target.scrollIntoView();
  // A part that is not a control is focusable by script only, without an outline (tailwind.css).
  if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) {
    target.tabIndex = -1;
    target.dataset.focusTarget = "";
  }
  target.focus({ preventScroll: true });
}
