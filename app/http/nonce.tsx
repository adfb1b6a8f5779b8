import { createContext, useContext, type ReactNode } from "react";

const NonceContext = createContext<string>("");

/** Carries the request's CSP nonce from entry.server to every inline script. */
export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export function useNonce() {
  return useContext(NonceContext);
}
