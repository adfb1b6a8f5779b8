import { startTransition } from "react";

type RouterState = unknown;
type Listener = (state: RouterState, options: { flushSync?: boolean }) => void;
type Router = { subscribe(listener: Listener): () => void };

/**
 * Every router state change reaches React as a transition.
 *
 * Remix re-renders its top component with each new location in a plain (urgent) update, which
 * hands a new context value to every link and form on the page. A section the server rendered
 * and React has not hydrated yet (app/components/page/deferred.tsx) cannot take an urgent update:
 * React drops its server HTML and renders it again on the client once its code has loaded, so an
 * in-page link (#inquiry), Back between two such links or a form post on the same page loses the
 * section the visitor was going to. As a transition, React keeps the server HTML, hydrates the
 * section first and then commits; the browser's own jump to #inquiry stays where it landed.
 */
export function routerUpdatesAsTransitions() {
  const key = "__remixRouter";
  let router: Router | undefined;
  Object.defineProperty(window, key, {
    configurable: true,
    get: () => router,
    set(value: Router) {
      router = value;
      const subscribe = value.subscribe.bind(value);
      value.subscribe = (listener) =>
        subscribe((state, options) => {
          // An update asked to be synchronous (flushSync) stays so.
          if (options?.flushSync) listener(state, options);
          else startTransition(() => listener(state, options));
        });
    },
  });
}
