import { useEffect, useRef, useState } from "react";
import type { Toast } from "../../forms/toast";
import { onToast } from "../../forms/toast";
import { useRootData, useUi } from "../../root-data";
import { Notice } from "./notice";

type Shown = Toast & { key: number };

/**
 * The toast that came with the page (after a redirect) is rendered in place by the server, so it
 * shows without JavaScript and shifts nothing; its Dismiss button comes with script. Toasts that arrive later (client navigation,
 * fetchers, showToast) float at the bottom end of the screen and go away on their own.
 */
export function Toaster() {
  const ui = useUi();
  const pageToast = useRootData()?.toast ?? null;
  const [initial, setInitial] = useState<Toast | null>(pageToast);
  const firstToast = useRef(pageToast);
  const [floating, setFloating] = useState<Shown[]>([]);
  const counter = useRef(0);
  // Dismiss works only with script: without it the button is not rendered (the toast goes with the next page).
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);

  useEffect(() => onToast((toast) => push(toast)), []);
  useEffect(() => {
    if (pageToast && pageToast !== firstToast.current) push(pageToast);
  }, [pageToast]);

  function push(toast: Toast) {
    const others = (list: Shown[]) => (toast.group ? list.filter((item) => item.group !== toast.group) : list);
    if (!toast.title) return setFloating(others);
    const key = ++counter.current;
    setFloating((list) => [...others(list).slice(-2), { ...toast, key }]);
    window.setTimeout(() => setFloating((list) => list.filter((item) => item.key !== key)), 6000);
  }

  return (
    <>
      {initial ? (
        // Full width, with the Dismiss button (added by the script) in a corner kept free for it:
        // a notice that grew when the page hydrated moved what was around it.
        <div className="relative mx-auto mt-4 w-full max-w-6xl px-4 sm:px-6" data-testid="page-toast">
          <Notice kind={initial.kind} title={initial.title} className="pe-24">
            {initial.description}
          </Notice>
          {scripted ? (
            <button
              type="button"
              className="absolute end-6 top-3 min-h-11 px-2 text-sm underline sm:end-8"
              onClick={() => setInitial(null)}
            >
              {ui.common.dismiss}
            </button>
          ) : null}
        </div>
      ) : null}
      <div
        aria-live="polite"
        className="pointer-events-none fixed bottom-4 end-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
        data-testid="toasts"
      >
        {floating.map((toast) => (
          <div key={toast.key} className="pointer-events-auto shadow-lg">
            <Notice kind={toast.kind} title={toast.title}>
              {toast.description}
            </Notice>
          </div>
        ))}
      </div>
    </>
  );
}
