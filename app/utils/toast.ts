/** A notice shown at the top of the page (server-rendered) and as a toast with JavaScript. */
export type Toast = {
  kind: "success" | "error" | "info";
  title: string;
  description?: string;
};

const TOAST_EVENT = "app:toast";

/** Shows a toast from client code (e.g. after a fetcher answered). */
export function showToast(toast: Toast) {
  window.dispatchEvent(new CustomEvent<Toast>(TOAST_EVENT, { detail: toast }));
}

export function onToast(listener: (toast: Toast) => void) {
  const handler = (event: Event) => listener((event as CustomEvent<Toast>).detail);
  window.addEventListener(TOAST_EVENT, handler);
  return () => window.removeEventListener(TOAST_EVENT, handler);
}
