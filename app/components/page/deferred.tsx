import { createElement, lazy, memo, Suspense, useEffect, useRef, useState, type ComponentType, type RefObject } from "react";

/**
 * A page part rendered by the server as usual, whose JavaScript the browser downloads only when
 * it is needed: when the part comes near the viewport (unless `when: "used"`: parts with nothing
 * to do in script, such as text and plain links), is touched or focused, or the page starts
 * changing (a navigation, a fetcher, a revalidation). Until then React leaves the server's HTML
 * in place (a dehydrated Suspense boundary): forms in it work as plain HTML and nothing shifts.
 * The first load then carries only the code of what is on screen, which keeps the home page
 * within its JavaScript budget as interactive sections (quote calculator, inquiry form, check
 * form) grow.
 *
 * Why the page-change trigger: an update reaching a boundary that has not hydrated yet (router
 * state is read through context everywhere) makes React wait for that boundary's code before it
 * commits; the code must then be on its way, or the update would wait for a scroll.
 *
 * After a client-side navigation there is no server HTML to keep, so the code loads at once.
 *
 * What the visitor chose in the server's HTML before React took it over (a select picked the
 * moment the part became interactive) is put back after hydration, through the controls' own
 * events, so the components' state follows it (React resets a select to its rendered value).
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>, name: string, options: { when?: "visible" | "used" } = {}): ComponentType<P> {
  const when = options.when ?? "visible";
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const loadOnce = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  // The server renders synchronously (a Suspense fallback in the HTML would need script to be
  // replaced, and pages must work without it): have the module ready before the first request.
  if (typeof document === "undefined") void loadOnce();

  function Deferred(props: P) {
    const wrapper = useRef<HTMLDivElement>(null);
    const [mounted] = useState(() => withResolvers<HTMLElement | null>());
    const [Lazy] = useState(() =>
      loaded
        ? null
        : lazy(async () => {
            const element = await mounted.promise;
            // Server HTML inside means this render is hydrating it: wait until it is needed.
            if (element && element.childElementCount > 0) {
              watchEarlyChoices();
              await whenNeeded(element, when);
            }
            return { default: await loadOnce() };
          }),
    );
    useEffect(() => mounted.resolve(wrapper.current), [mounted]);
    const Component = (loaded ?? Lazy) as ComponentType<P>;
    return (
      <div ref={wrapper} data-deferred={name} className="contents">
        <Suspense fallback={null}>
          {createElement(Component, props)}
          <AfterHydration wrapper={wrapper} />
        </Suspense>
      </div>
    );
  }
  Deferred.displayName = `Deferred(${name})`;
  // Equal props, no re-render: content props are fresh objects after every revalidation.
  return memo(Deferred, sameProps) as unknown as ComponentType<P>;
}

/** Renders nothing; once its part's content is hydrated, puts the visitor's early choices in it back. */
function AfterHydration({ wrapper }: { wrapper: RefObject<HTMLDivElement> }) {
  useEffect(() => {
    if (wrapper.current) restoreEarlyChoices(wrapper.current);
  }, [wrapper]);
  return null;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type Choice = { value: string; checked: boolean };

/** Controls the visitor changed in server HTML that React had not taken over yet, and what they chose. */
const earlyChoices = new Map<Control, Choice>();
let watchingChoices = false;

const isControl = (node: unknown): node is Control => node instanceof HTMLInputElement || node instanceof HTMLSelectElement || node instanceof HTMLTextAreaElement;
// React marks the elements it owns; server HTML still waiting in a dehydrated boundary has no mark.
const isHydrated = (node: Element) => Object.keys(node).some((key) => key.startsWith("__reactProps"));
const choiceOf = (control: Control): Choice => ({ value: control.value, checked: control instanceof HTMLInputElement && control.checked });

function isChanged(control: Control) {
  if (control instanceof HTMLSelectElement) return Array.from(control.options).some((option) => option.selected !== option.defaultSelected);
  if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio")) return control.checked !== control.defaultChecked;
  return control.value !== control.defaultValue;
}

/** From the first deferred part on: notes changes made in parts React has not hydrated (and any made before the script ran). */
function watchEarlyChoices() {
  if (watchingChoices) return;
  watchingChoices = true;
  const note = (event: Event) => {
    const control = event.target;
    if (isControl(control) && !isHydrated(control) && control.closest("[data-deferred]")) earlyChoices.set(control, choiceOf(control));
  };
  document.addEventListener("input", note, true);
  document.addEventListener("change", note, true);
  for (const control of Array.from(document.querySelectorAll("[data-deferred] input, [data-deferred] select, [data-deferred] textarea"))) {
    if (isControl(control) && !isHydrated(control) && isChanged(control)) earlyChoices.set(control, choiceOf(control));
  }
}

/**
 * Puts back the early choices inside `root` that React now owns, through the controls' own events
 * so components update their state (React resets a select to the value it renders when hydrating).
 */
function restoreEarlyChoices(root: HTMLElement) {
  for (const [control, choice] of earlyChoices) {
    if (!root.contains(control) || !isHydrated(control)) continue;
    earlyChoices.delete(control);
    if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio")) {
      if (control.type === "radio" && !choice.checked) continue;
      // A click is what React listens to for these; setting the opposite first (through React's own
      // setter) makes the click a change in React's eyes.
      control.checked = !choice.checked;
      control.click();
    } else if (control instanceof HTMLSelectElement) {
      control.value = choice.value;
      control.dispatchEvent(new Event("change", { bubbles: true }));
    } else {
      control.value = "";
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, "value")?.set?.call(control, choice.value);
      control.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }
}

function sameProps(a: object, b: object) {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    return x === y || (typeof x === "object" && typeof y === "object" && JSON.stringify(x) === JSON.stringify(y));
  });
}

function withResolvers<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

type RouterState = { location: unknown; navigation: { state: string }; revalidation: string; fetchers: Map<unknown, unknown> };
type Router = { state: RouterState; subscribe(listener: (state: RouterState) => void): () => void };

const waiting = new Set<() => void>();
let watchingRouter = false;

/** Wakes every waiting part as soon as the page starts changing. */
function watchRouter() {
  if (watchingRouter) return;
  const router = (window as unknown as { __remixRouter?: Router }).__remixRouter;
  if (!router) return;
  watchingRouter = true;
  let location = router.state.location;
  router.subscribe((state) => {
    // A new location counts too: following an in-page link (#inquiry) changes only the hash, with
    // no loading state, yet the update reaches every boundary and would leave them without content.
    const moved = state.location !== location;
    location = state.location;
    if (moved || state.navigation.state !== "idle" || state.revalidation !== "idle" || state.fetchers.size > 0) {
      for (const wake of [...waiting]) wake();
    }
  });
}

/** "visible": near the viewport, touched, focused or the page changes; "used": only the last three. */
function whenNeeded(element: HTMLElement, when: "visible" | "used"): Promise<void> {
  return new Promise((resolve) => {
    if (when === "visible" && typeof IntersectionObserver === "undefined") return resolve();
    const done = () => {
      observer?.disconnect();
      waiting.delete(done);
      element.removeEventListener("focusin", done);
      element.removeEventListener("pointerdown", done);
      resolve();
    };
    const observer = when === "visible" ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && done(), { rootMargin: "300px 0px" }) : undefined;
    // display: contents has no box of its own: observe the parts inside it.
    for (const child of Array.from(element.children)) observer?.observe(child);
    element.addEventListener("focusin", done);
    element.addEventListener("pointerdown", done);
    waiting.add(done);
    watchRouter();
  });
}
