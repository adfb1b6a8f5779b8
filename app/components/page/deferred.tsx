import { createElement, lazy, memo, Suspense, useEffect, useRef, useState, type ComponentType } from "react";
import type { EarlyChoice } from "./early-choices";

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
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  name: string,
  options: { when?: "visible" | "used" } = {},
): ComponentType<P> {
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
    const [changed] = useState<{ current: EarlyChoice[] }>(() => ({ current: [] }));
    const [Lazy] = useState(() =>
      loaded
        ? null
        : lazy(async () => {
            const element = await mounted.promise;
            // Server HTML inside means this render is hydrating it: wait until it is needed.
            const dehydrated = element !== null && element.childElementCount > 0;
            if (!dehydrated) return { default: await loadOnce() };
            await whenNeeded(element, when);
            const [component, early] = await Promise.all([loadOnce(), import("./early-choices").catch(() => null)]);
            // Just before React takes it over: what the visitor changed in it meanwhile.
            if (early) changed.current = early.changedControls(element);
            return { default: component };
          }),
    );
    useEffect(() => mounted.resolve(wrapper.current), [mounted]);
    const Component = (loaded ?? Lazy) as ComponentType<P>;
    return (
      <div ref={wrapper} data-deferred={name} className="contents">
        <Suspense fallback={null}>
          {createElement(Component, props)}
          <AfterHydration changed={changed} />
        </Suspense>
      </div>
    );
  }
  Deferred.displayName = `Deferred(${name})`;
  // Equal props, no re-render: content props are fresh objects after every revalidation.
  return memo(Deferred, sameProps) as unknown as ComponentType<P>;
}

/** Renders nothing; once its part's content is hydrated, puts the visitor's early choices in it back. */
function AfterHydration({ changed }: { changed: { current: EarlyChoice[] } }) {
  useEffect(() => {
    const choices = changed.current;
    changed.current = [];
    if (choices.length) void import("./early-choices").then((module) => module.restoreEarlyChoices(choices));
  }, [changed]);
  return null;
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

type RouterState = {
  location: unknown;
  navigation: { state: string };
  revalidation: string;
  fetchers: Map<unknown, unknown>;
};
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
    const observer =
      when === "visible"
        ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && done(), {
            rootMargin: "300px 0px",
          })
        : undefined;
    // display: contents has no box of its own: observe the parts inside it.
    for (const child of Array.from(element.children)) observer?.observe(child);
    element.addEventListener("focusin", done);
    element.addEventListener("pointerdown", done);
    waiting.add(done);
    watchRouter();
  });
}
