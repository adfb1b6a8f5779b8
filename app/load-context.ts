// What server.ts passes to every loader and action.
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Per-request Content-Security-Policy nonce for inline scripts. */
    cspNonce: string;
    /** Shown on error pages and written in the request log. */
    requestId: string;
    /** The client's address, taking only the configured number of trusted proxy hops into account. */
    clientAddress: string;
    /**
     * Set only while the page cache (app/http/page-cache.server.ts) renders the template of an
     * anonymous page: placeholders it replaces with each visitor's own values.
     */
    pageTemplate?: { formToken: string; csrfToken: string };
  }
}

export {};
