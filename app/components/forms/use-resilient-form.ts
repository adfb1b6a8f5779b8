import { matchRoutes, useActionData, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { isSubmitFailure, type SubmitFailure } from "../../forms/submission";

type FetcherLike = { data?: unknown; state: "idle" | "submitting" | "loading" };

/** The form whose navigation submission was sent last (navigation forms share one action result). */
let lastNavigationForm: object | null = null;

/**
 * The client half of the resilient submit path (app/forms/submission.ts) for a form sent by Remix:
 * pass the form's fetcher, or nothing for a <Form> that navigates. Gives the form's ref, the
 * failure to show (null unless this form's last request did not get through) and `retry`, which
 * sends the same form again with the same submitter and submission key. The inputs are the
 * page's own, so they keep what was typed.
 *
 * It also loads the code of the route the form posts to as soon as the visitor starts on the
 * form: when the connection drops later, that code (the clientAction) is already there to say so.
 */
export function useResilientForm(fetcher?: FetcherLike) {
  const formRef = useRef<HTMLFormElement>(null);
  const identity = useRef({});
  const submitter = useRef<HTMLElement | null>(null);
  const actionData = useActionData();
  const navigation = useNavigation();
  const [sentHere, setSentHere] = useState(false);

  // Listened for on the document: the form element may be replaced (re-keyed after a success, or
  // shown only once the visitor asks for it).
  useEffect(() => {
    let preloaded = false;
    const onSubmit = (event: SubmitEvent) => {
      if (event.target !== formRef.current) return;
      submitter.current = event.submitter;
      lastNavigationForm = identity.current;
      setSentHere(true);
    };
    const onFocus = (event: FocusEvent) => {
      const form = formRef.current;
      if (preloaded || !form || !form.contains(event.target as Node)) return;
      preloaded = true;
      preloadRouteModules(form.action);
    };
    document.addEventListener("submit", onSubmit, true);
    document.addEventListener("focusin", onFocus);
    return () => {
      document.removeEventListener("submit", onSubmit, true);
      document.removeEventListener("focusin", onFocus);
    };
  }, []);

  const pending = fetcher ? fetcher.state !== "idle" : navigation.state !== "idle";
  const data = fetcher ? fetcher.data : sentHere && lastNavigationForm === identity.current ? actionData : undefined;
  const failure: SubmitFailure | null = !pending && isSubmitFailure(data) ? data : null;

  const retry = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    const button = submitter.current;
    form.requestSubmit(button && button.isConnected && form.contains(button) ? button : null);
  }, []);

  return { formRef, failure, retry };
}

type RemixWindow = {
  __remixRouter?: { routes: Parameters<typeof matchRoutes>[0] };
  __remixManifest?: { routes: Record<string, { module: string; hasClientAction?: boolean } | undefined> };
  __remixRouteModules?: Record<string, unknown>;
};

/** Imports the modules of the routes an address leads to (their clientAction), once; quietly if offline. */
export function preloadRouteModules(address: string) {
  const remix = window as unknown as RemixWindow;
  if (!remix.__remixRouter || !remix.__remixManifest) return;
  const { pathname } = new URL(address, window.location.href);
  for (const match of matchRoutes(remix.__remixRouter.routes, pathname) ?? []) {
    const id = match.route.id;
    const entry = id ? remix.__remixManifest.routes[id] : undefined;
    if (!id || !entry?.hasClientAction || (remix.__remixRouteModules && id in remix.__remixRouteModules)) continue;
    import(/* webpackIgnore: true */ entry.module).catch(() => undefined);
  }
}

/**
 * The route's last action answer that came from the server: a submission that did not get
 * through (useResilientForm shows it) leaves the page as the previous answer made it.
 */
export function useActionAnswer<T>(): T | undefined {
  const data = useActionData() as unknown;
  const [last, setLast] = useState<T | undefined>(isSubmitFailure(data) ? undefined : (data as T | undefined));
  if (!isSubmitFailure(data) && data !== last) setLast(data as T | undefined);
  return isSubmitFailure(data) ? last : (data as T | undefined);
}
