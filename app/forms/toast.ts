/** A notice shown at the top of the page (server-rendered) and as a toast with JavaScript. */
export type Toast = {
  kind: "success" | "error" | "info";
  title: string;
  description?: string;
  /** Toasts of one source (a form): a new one replaces the earlier one, so 'Consent Required' never stays beside the success. */
  group?: string;
};

const TOAST_EVENT = "app:toast";

/** Shows a toast from client code (e.g. after a fetcher answered); one without a title takes down its group's toasts. */
export function showToast(toast: Toast) {
  window.dispatchEvent(new CustomEvent<Toast>(TOAST_EVENT, { detail: toast }));
}

/** Listens for toasts; a toast without a title only clears its group. */
export function onToast(listener: (toast: Toast) => void) {
  const handler = (event: Event) => listener((event as CustomEvent<Toast>).detail);
  window.addEventListener(TOAST_EVENT, handler);
  return () => window.removeEventListener(TOAST_EVENT, handler);
}
