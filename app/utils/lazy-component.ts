import { lazy, type ComponentType } from "react";

/**
 * A component whose code the browser loads on demand (its own chunk, not in the page's first
 * JavaScript), while the server renders it in the first pass: `onServer` is the component itself,
 * imported through a `.server.ts` module (empty in the browser build), and a thenable that
 * resolves synchronously lets React render it without suspending. So visitors without JavaScript
 * get it in the HTML, and with JavaScript the server's markup is hydrated once the chunk arrives.
 */
export function lazyComponent<P extends object>(
  onServer: ComponentType<P> | undefined,
  load: () => Promise<{ default: ComponentType<P> }>,
) {
  return lazy<ComponentType<P>>(() => {
    if (!onServer) return load();
    const resolved = { default: onServer };
    return { then: (resolve: (module: typeof resolved) => void) => resolve(resolved) } as unknown as Promise<
      typeof resolved
    >;
  });
}
